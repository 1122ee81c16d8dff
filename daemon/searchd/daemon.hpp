#pragma once

#include <sys/types.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "daemon/cpus/cpu_guard.hpp"
#include "daemon/dispatch/dispatcher.hpp"
#include "daemon/hooks/hook_rules.hpp"
#include "daemon/job_measurers/measurer_factory.hpp"
#include "daemon/jobs/job_manager.hpp"
#include "daemon/log/log.hpp"
#include "daemon/metrics/metrics_server.hpp"
#include "daemon/model/trex_link.hpp"
#include "daemon/replication/replicator.hpp"
#include "daemon/searchd/options.hpp"
#include "daemon/server/control_server.hpp"
#include "daemon/server/notifier.hpp"
#include "daemon/server/request_pool.hpp"
#include "daemon/server/socket_file.hpp"

namespace trexsearch::service {

/// Exit codes of trex-searchd (docs/daemon.md).
enum DaemonExit : int {
  kDaemonExitOk = 0,       ///< stopped by SIGTERM/SIGINT, or --help/--version/--check-config
  kDaemonExitFailure = 1,  ///< could not start (socket, store, lock) or a fatal error
  kDaemonExitConfig = 2,   ///< bad command line or configuration
};

/// trex-searchd put together: the store lock, the job manager and its runner
/// thread, the io thread's control server, signals, systemd notification and the
/// watchdog. Constructed and run on the main thread, which becomes the io thread.
class Daemon {
 public:
  /// `args` are kept to re-read the configuration on SIGHUP. `log` must outlive this.
  Daemon(std::vector<std::string> args, CommandLine command_line, Logger& log);
  ~Daemon();
  Daemon(const Daemon&) = delete;
  Daemon& operator=(const Daemon&) = delete;

  /// Runs until SIGTERM/SIGINT; returns the exit code. Startup failures are logged
  /// (daemon.failed) and give kDaemonExitFailure.
  int run();

 private:
  /// Builds and starts every room (daemon_start.cpp); the steps below, in its order.
  void start();
  /// Exec measurers' orphans come to us (a subreaper); warnings when they cannot, or run as root.
  void warn_about_processes(const DaemonOptions& options);
  /// The sim, exec and trex measurer factories.
  void add_measurer_factories(const DaemonOptions& options);
  /// One runner per method: MLR, PLR (its workers' CPU budget), MRR and soak.
  std::vector<std::unique_ptr<JobRunner>> make_runners(const DaemonOptions& options);
  /// The job manager over the store, with a lane per testbed and two more.
  void start_jobs(const DaemonOptions& options, std::vector<std::unique_ptr<JobRunner>> runners);
  /// The dispatcher and the request workers that serve it.
  void start_dispatcher(const DaemonOptions& options, std::optional<gid_t> group);
  /// The control socket, the metrics listener and the signal handlers.
  void start_listening(const DaemonOptions& options, std::optional<gid_t> group);
  void reload();
  void arm_watchdog();
  void set_status(const std::string& status);
  /// The page `GET /metrics` serves (io thread; in-memory sources only).
  std::string metrics_page();
  /// Starts the fleet replicator when `results-db` is set.
  void start_replication(const DaemonOptions& options);

  std::vector<std::string> args_;
  CommandLine command_line_;
  Logger& log_;
  Notifier notifier_;
  std::mutex status_mutex_;
  std::string status_ = "starting";
  /// What STATUS= last said, and when: per-trial updates are rate-limited.
  std::string sent_status_;
  std::chrono::steady_clock::time_point sent_status_at_{};

  /// Declared before everything that posts to it: destroyed last.
  boost::asio::io_context io_;
  boost::asio::steady_timer watchdog_timer_;
  std::chrono::microseconds watchdog_interval_{0};
  std::unique_ptr<StateDirLock> state_lock_;
  /// Before everything whose threads call it (the job runner, PLR workers, trex jobs).
  std::unique_ptr<CpuGuard> cpu_guard_;
  std::unique_ptr<TrexLink> trex_link_;
  MeasurerFactories factories_;
  ExecMeasurerFactory* exec_factory_ = nullptr;
  TrexMeasurerFactory* trex_factory_ = nullptr;
  /// The hooks and testbeds jobs check against and run with; SIGHUP replaces them.
  std::shared_ptr<HookRules> hook_rules_;
  /// The config's testbeds, for the metrics' zero series (io thread only).
  std::vector<std::string> testbed_names_;
  class PlrJobRunner* plr_runner_ = nullptr;
  std::unique_ptr<JobManager> jobs_;
  std::unique_ptr<Dispatcher> dispatcher_;
  std::unique_ptr<ControlServer> server_;
  WallTime started_at_{};
  /// Absent unless `metrics-listen` is set. After server_, which its page reads.
  std::unique_ptr<MetricsServer> metrics_;
  /// Declared after what its workers use (dispatcher, job manager): stopped first.
  std::unique_ptr<RequestPool> request_pool_;
  /// The fleet replicator and the store connection its `show`/`result` reads use;
  /// absent without `results-db` (docs/fleet.md). Stopped before the request pool.
  std::unique_ptr<JobStoreAccess> replication_store_;
  std::unique_ptr<Replicator> replicator_;
};

}  // namespace trexsearch::service
