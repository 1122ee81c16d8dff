#include "daemon/searchd/option_table.hpp"

#include <boost/program_options.hpp>
#include <cstdint>
#include <string>

#include "daemon/searchd/options.hpp"

namespace trexsearch::service {
namespace {

namespace po = boost::program_options;

// The control socket, its connections and the state directory.
void add_connection_settings(po::options_description& settings, const DaemonOptions& defaults) {
  // clang-format off
  settings.add_options()
      ("socket", po::value<std::string>()->value_name("PATH")->default_value(defaults.socket),
       "control socket path")
      ("socket-mode", po::value<std::string>()->value_name("OCTAL")->default_value("0660"),
       "file mode of the control socket")
      ("control-group", po::value<std::string>()->value_name("GROUP")->default_value(""),
       "group owning the socket whose members may submit and cancel jobs (empty: none)")
      ("state-dir", po::value<std::string>()->value_name("DIR")->default_value(defaults.state_dir),
       "directory of the job store")
      ("max-clients",
       po::value<std::size_t>()->value_name("N")->default_value(defaults.max_clients),
       "most concurrent control connections")
      ("max-clients-per-user",
       po::value<std::size_t>()->value_name("N")->default_value(defaults.max_clients_per_user),
       "most concurrent control connections of one user (root exempt; 0: no limit)")
      ("max-request-bytes",
       po::value<std::size_t>()->value_name("BYTES")->default_value(defaults.max_request_bytes),
       "longest request line")
      ("idle-timeout", po::value<double>()->value_name("S")->default_value(300.0, "300"),
       "close connections idle for this many seconds")
      ("max-client-output-bytes",
       po::value<std::size_t>()->value_name("BYTES")->default_value(defaults.max_client_output_bytes),
       "unread output of one connection above which its requests wait")
      ("output-timeout", po::value<double>()->value_name("S")->default_value(30.0, "30"),
       "close a connection that does not read its waiting output within this many seconds")
      ("max-output-mib",
       po::value<std::size_t>()->value_name("MIB")->default_value(defaults.max_output_mib),
       "unread output of all connections together");
  // clang-format on
}

// The job queue and the job store.
void add_store_settings(po::options_description& settings, const DaemonOptions& defaults) {
  // clang-format off
  settings.add_options()
      ("max-queued-jobs",
       po::value<std::size_t>()->value_name("N")->default_value(defaults.max_queued_jobs),
       "most jobs waiting in the queue")
      ("max-trials-per-job",
       po::value<std::uint64_t>()->value_name("N")->default_value(defaults.max_trials_per_job),
       "a job that stores this many trials fails")
      ("max-store-mib",
       po::value<std::uint64_t>()->value_name("MIB")->default_value(defaults.max_store_mib),
       "size limit of the job store in MiB (0: the disk's free space)")
      ("store-reserve-mib",
       po::value<std::uint64_t>()->value_name("MIB")->default_value(defaults.store_reserve_mib),
       "space kept beside the job store for writes on a full disk (0: none)")
      ("allow-exec-measurer", po::value<bool>()->value_name("BOOL")->default_value(true, "true"),
       "accept jobs with the exec (external process) measurer")
      ("resume-interrupted", po::value<bool>()->value_name("BOOL")->default_value(true, "true"),
       "resume jobs that were running when the daemon stopped or died");
  // clang-format on
}

// Logging, CPUs and PLR threads.
void add_process_settings(po::options_description& settings, const DaemonOptions& defaults) {
  // clang-format off
  settings.add_options()
      ("log-level", po::value<std::string>()->value_name("LEVEL")->default_value("info"),
       "error, warning, notice, info or debug")
      ("cpus", po::value<std::string>()->value_name("LIST")->default_value(""),
       "CPUs the daemon may use, e.g. 0-1 (empty: all but TRex's, see trex-cpus)")
      ("trex-cpus", po::value<std::string>()->value_name("auto|none|LIST")->default_value("auto"),
       "CPUs TRex uses, kept free of the daemon's threads: auto (ask /proc), none, or e.g. 1")
      ("plr-threads", po::value<unsigned>()->value_name("N")->default_value(defaults.plr_threads),
       "PLRsearch integration threads per fitting function (PLR jobs)")
      ("plr-resume", po::value<std::string>()->value_name("MODE")->default_value("deadline"),
       "a resumed PLR job runs until its original deadline or for its remaining budget");
  // clang-format on
}

// TRex for trex jobs that name none.
void add_trex_settings(po::options_description& settings, const DaemonOptions& defaults) {
  // clang-format off
  settings.add_options()
      ("trex-endpoint", po::value<std::string>()->value_name("URL")->default_value(defaults.trex_endpoint),
       "TRex RPC endpoint for trex jobs that name none")
      ("trex-user", po::value<std::string>()->value_name("NAME")->default_value(defaults.trex_user),
       "owner name shown on the TRex ports trex jobs acquire")
      ("trex-reconnect-grace", po::value<double>()->value_name("SECONDS")->default_value(60.0, "60"),
       "how long TRex may stay unreachable before a trex job fails");
  // clang-format on
}

// Metrics and the fleet database.
void add_export_settings(po::options_description& settings) {
  // clang-format off
  settings.add_options()
      ("metrics-listen", po::value<std::string>()->value_name("IP:PORT")->default_value(""),
       "serve Prometheus metrics over HTTP at this address, e.g. 127.0.0.1:9469 (empty: off)")
      ("results-db", po::value<std::string>()->value_name("CONNINFO")->default_value(""),
       "copy every job, trial and result to this PostgreSQL database (libpq connection "
       "string, URL or service=NAME; empty: off; docs/fleet.md)")
      ("tester-id", po::value<std::string>()->value_name("NAME")->default_value(""),
       "this tester's name in the fleet database (empty: the host name)")
      ("results-db-timeout", po::value<double>()->value_name("SECONDS")->default_value(10.0, "10"),
       "bound of one connect or statement to the fleet database");
  // clang-format on
}

}  // namespace

po::options_description settings_description() {
  const DaemonOptions defaults;
  po::options_description settings("Settings (also keys of the config file)");
  add_connection_settings(settings, defaults);
  add_store_settings(settings, defaults);
  add_process_settings(settings, defaults);
  add_trex_settings(settings, defaults);
  add_export_settings(settings);
  return settings;
}

po::options_description general_description() {
  po::options_description general("General");
  // clang-format off
  general.add_options()
      ("config", po::value<std::string>()->value_name("FILE"),
       "config file (default /etc/trex-search/trex-searchd.conf, when it exists)")
      ("check-config", "validate the configuration, print the effective settings, exit")
      ("help,h", "print this help")
      ("version", "print the version");
  // clang-format on
  return general;
}

}  // namespace trexsearch::service
