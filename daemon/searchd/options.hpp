#pragma once

#include <cstdint>

#include <sys/types.h>

#include <cstddef>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "daemon/cpus/trex_cpus_setting.hpp"
#include "daemon/hooks/hook_definition.hpp"
#include "daemon/log/log.hpp"
#include "daemon/model/job_spec.hpp"
#include "daemon/testbeds/testbed.hpp"
#include "measure/units.hpp"

namespace trexsearch::service {

/// The command line or the config file cannot be parsed (unknown key, bad syntax);
/// the message names the file or says "command line".
class OptionsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Where trex-searchd reads its configuration unless told otherwise.
inline constexpr const char* kDefaultConfigFile = "/etc/trex-search/trex-searchd.conf";

/// The daemon's settings: keys of etc/trex-searchd.conf, each also a command-line
/// option (`--socket PATH`); the command line wins over the file. Defaults here are
/// the documented ones.
struct DaemonOptions {
  /// The control socket (Unix stream socket).
  std::string socket = "/run/trex-search/control.sock";
  /// File mode of the socket; connecting needs write permission.
  mode_t socket_mode = 0660;
  /// Group owning the socket, whose members may submit and cancel; empty: none
  /// (then only root and the daemon's user may).
  std::string control_group;
  /// Where the job store lives.
  std::string state_dir = "/var/lib/trex-search";
  /// Connections beyond this are told "busy" and closed.
  std::size_t max_clients = 128;
  /// Connections of one user (uid) beyond this are told "busy" and closed; root is
  /// exempt; 0: no per-user limit.
  std::size_t max_clients_per_user = 32;
  /// Longest request line [bytes]; longer ones get an error reply and the connection closes.
  std::size_t max_request_bytes = std::size_t{1} << 20;
  /// A connection with no request (and no watch) for this long is closed.
  measure::Seconds idle_timeout{300.0};
  /// Unread output of one connection above which its requests are not read [bytes].
  std::size_t max_client_output_bytes = std::size_t{1} << 20;
  /// A connection paused for unread output that does not catch up in this long is closed.
  measure::Seconds output_timeout{30.0};
  /// Unread output of all connections together [MiB] (see ConnectionSettings).
  std::size_t max_output_mib = 64;
  /// Queued jobs beyond this are refused.
  std::size_t max_queued_jobs = 1000;
  /// A job that stores this many trials fails (bounds one job's store growth).
  std::uint64_t max_trials_per_job = 100000;
  /// The job store's size limit [MiB]; 0: the file system's free space.
  std::uint64_t max_store_mib = 0;
  /// StoreReserve's size [MiB]; 0: none.
  std::uint64_t store_reserve_mib = 4;
  /// Whether `exec` jobs (commands run as the daemon's user) are accepted.
  bool allow_exec_measurer = true;
  /// Resume jobs that were running when the daemon stopped or died.
  bool resume_interrupted = true;
  LogPriority log_level = LogPriority::info;
  /// CPUs the daemon and its jobs may run on ("0-1,6"); empty: all. Keeps it off
  /// the cores TRex busy-polls.
  std::string cpus;
  /// The CPUs TRex uses, which the daemon's threads keep off (`trex-cpus`): found from
  /// /proc (auto), given, or none. `cpus`, when set, wins.
  TrexCpusSetting trex_cpus;
  /// Integration threads per fitting function of PLR jobs (their `threads_per_fit`;
  /// results do not depend on it). Needs a restart.
  unsigned plr_threads = 1;
  /// How a resumed PLR job counts the downtime unless its spec says (`plr_resume`).
  PlrResume plr_resume = PlrResume::deadline;
  /// TRex RPC endpoint for `trex` jobs that name none.
  std::string trex_endpoint = "tcp://127.0.0.1:4501";
  /// The config file's [testbed.NAME] sections, or one testbed "default" on
  /// `trex_endpoint` with every port when it has none (docs/testbeds.md).
  std::shared_ptr<const TestbedSet> testbeds;
  /// The config file's [hook.NAME] sections: the commands jobs may name around
  /// searches and trials (docs/testbeds.md "Hooks"); none without sections.
  std::shared_ptr<const HookSet> hooks = std::make_shared<const HookSet>();
  /// The owner name TRex shows on the ports `trex` jobs acquire.
  std::string trex_user = "trex-searchd";
  /// How long TRex may stay unreachable before a `trex` job fails (jobs may override).
  measure::Seconds trex_reconnect_grace{60.0};
  /// Where the Prometheus endpoint listens ("127.0.0.1:9469", "[::1]:9469"); empty:
  /// no endpoint (docs/metrics.md). Needs a restart.
  std::string metrics_listen;
  /// The fleet's PostgreSQL database every job, trial and result is copied to (a libpq
  /// connection string, URL or service=NAME); empty: none (docs/fleet.md). Needs a restart.
  std::string results_db;
  /// This tester's name in the fleet database; default: the host name.
  std::string tester_id;
  /// Bound of one connect or statement to the fleet database.
  measure::Seconds results_db_timeout{10.0};
};

/// An IP literal and a port, as `metrics-listen` gives them.
struct ListenAddress {
  std::string ip;
  std::uint16_t port = 0;
};

/// "127.0.0.1:9469" or "[::1]:9469" (port 0: any free one); nullopt for "". A
/// hostname, a missing or bad port or anything else throws ConfigError naming
/// `metrics-listen`.
std::optional<ListenAddress> parse_listen_address(const std::string& text);

/// What the command line asked for.
struct CommandLine {
  DaemonOptions options;
  /// The config file read, or empty when none was.
  std::string config_file;
  bool help = false;
  bool version = false;
  bool check_config = false;
};

/// Parses the command line and the config file (`--config FILE`, default
/// kDefaultConfigFile when it exists). Unknown keys and syntax errors throw
/// OptionsError; out-of-range values ConfigError naming the key and value.
CommandLine parse_command_line(const std::vector<std::string>& args);

/// `--help` text: every option with its default.
std::string options_help();

/// "0-1,6" -> {0, 1, 6}; throws ConfigError("cpus", ...) when malformed.
std::vector<int> parse_cpu_list(const std::string& text);

/// The group's id, by name or number; throws ConfigError("control-group", ...)
/// when there is no such group. Absent for an empty name.
std::optional<gid_t> resolve_group(const std::string& name);

/// `key = value` lines of the effective settings (for --check-config).
std::string describe_options(const DaemonOptions& options);

}  // namespace trexsearch::service
