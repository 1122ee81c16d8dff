// trex-searchd's start-up (Daemon::start): every room built and started in order,
// READY=1 only once the socket listens and interrupted jobs are queued again.
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "daemon/measurers/process_tree.hpp"
#include "daemon/runners/fixed_load_job_runner.hpp"
#include "daemon/runners/mlr_job_runner.hpp"
#include "daemon/runners/plr_job_runner.hpp"
#include "daemon/searchd/connection_options.hpp"
#include "daemon/searchd/daemon.hpp"
#include "daemon/searchd/settings_codec.hpp"

namespace trexsearch::service {
namespace {

// The CPUs this process may run on now, at least 1.
std::size_t daemon_cpu_count() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) != 0) return 1;
  return static_cast<std::size_t>(std::max(CPU_COUNT(&set), 1));
}

// The daemon's side of CPU protection: `cpus` when set, else the CPUs it was started on
// (taskset, CPUAffinity=), never more.
CpuPolicy cpu_policy(const DaemonOptions& options) {
  CpuPolicy policy;
  policy.trex_cpus = options.trex_cpus;
  if (!options.cpus.empty()) {
    const std::vector<int> list = parse_cpu_list(options.cpus);
    policy.cpus = CpuSet(list.begin(), list.end());
  }
  policy.base = current_thread_affinity();
  return policy;
}

// The request pool (docs/daemon.md "Control socket and access"): two workers
// serve two big reads at once on a 2-core tester while the io thread and the
// runner keep theirs; 64 waiting requests is 32 clients pipelining two each.
constexpr std::size_t kRequestWorkers = 2;
constexpr std::size_t kMaxPendingRequests = 64;

}  // namespace

void Daemon::warn_about_processes(const DaemonOptions& options) {
  // Orphans of exec measurers (a grandchild whose parent exited) come to us, so
  // that a cancelled or finished run can still find and stop them.
  if (!become_subreaper()) {
    log_.event(LogPriority::warning, "exec.no_subreaper",
               {{"reason",
                 "PR_SET_CHILD_SUBREAPER refused: orphaned processes of exec measurers "
                 "are stopped only while their parent is alive"}});
  }
  if (::geteuid() == 0 && options.allow_exec_measurer) {
    log_.event(LogPriority::warning, "exec.runs_as_root",
               {{"reason",
                 "exec jobs run their command as root: anyone allowed to submit can run "
                 "any command as root. Run trex-searchd as an unprivileged user "
                 "(docs/security.md) or set allow-exec-measurer = false"}});
  }
}

void Daemon::add_measurer_factories(const DaemonOptions& options) {
  factories_.add(std::make_unique<SimMeasurerFactory>());
  auto exec = std::make_unique<ExecMeasurerFactory>(options.allow_exec_measurer);
  exec_factory_ = exec.get();
  factories_.add(std::move(exec));
  trex_link_ = std::make_unique<TrexLink>(options.trex_endpoint);
  TrexDefaults trex;
  trex.link = trex_link_.get();
  trex.endpoint = options.trex_endpoint;
  trex.testbeds = options.testbeds;
  trex.user = options.trex_user;
  trex.reconnect_grace = options.trex_reconnect_grace;
  trex.log = [this](std::string_view line) {
    log_.event(LogPriority::notice, "trex.session", {{"text", line}});
  };
  trex.connected = [this](const std::string& endpoint) { cpu_guard_->protect(endpoint, "job"); };
  auto trex_factory = std::make_unique<TrexMeasurerFactory>(std::move(trex));
  trex_factory_ = trex_factory.get();
  factories_.add(std::move(trex_factory));
}

std::vector<std::unique_ptr<JobRunner>> Daemon::make_runners(const DaemonOptions& options) {
  std::vector<std::unique_ptr<JobRunner>> runners;
  runners.push_back(std::make_unique<MlrJobRunner>(factories_));
  // The CPUs the daemon may use (its affinity after start()'s CPU decision: TRex's
  // cores left out) are the PLR workers' budget; parallel soaks take turns on it.
  auto plr = std::make_unique<PlrJobRunner>(
      factories_, PlrRunnerSettings{options.plr_threads, options.plr_resume},
      [this] { cpu_guard_->on_integration_thread_start(); },
      std::make_shared<plr::WorkGate>(daemon_cpu_count()));
  plr_runner_ = plr.get();
  runners.push_back(std::move(plr));
  runners.push_back(std::make_unique<FixedLoadJobRunner>(factories_, SearchMethod::mrr));
  runners.push_back(std::make_unique<FixedLoadJobRunner>(factories_, SearchMethod::soak));
  return runners;
}

void Daemon::start_jobs(const DaemonOptions& options,
                        std::vector<std::unique_ptr<JobRunner>> runners) {
  JobManagerSettings settings;
  settings.store_file = std::filesystem::path(options.state_dir) / "jobs.sqlite";
  settings.max_queued = options.max_queued_jobs;
  settings.max_trials_per_job = options.max_trials_per_job;
  settings.max_store_bytes = options.max_store_mib << 20;
  settings.store_reserve_bytes = options.store_reserve_mib << 20;
  settings.resume_interrupted = options.resume_interrupted;
  // One runner per testbed, one for jobs that use no TRex, and one for trex jobs on
  // an endpoint of their own: each lane can run its job at once.
  settings.runners = (options.testbeds ? options.testbeds->all().size() : 1) + 2;
  settings.daemon_version = TREX_SEARCH_VERSION;
  settings.config_json = encode_settings_column(options);
  hook_rules_ = std::make_shared<HookRules>(options.hooks, options.testbeds);
  settings.hook_rules = hook_rules_;
  jobs_ = std::make_unique<JobManager>(std::move(settings), std::move(runners), factories_, log_,
                                       [this](const std::string& status) { set_status(status); });
}

void Daemon::start_dispatcher(const DaemonOptions& options, std::optional<gid_t> group) {
  DaemonInfo info;
  info.version = TREX_SEARCH_VERSION;
  info.pid = ::getpid();
  info.started_at = std::chrono::system_clock::now();
  started_at_ = info.started_at;
  info.socket_path = options.socket;
  info.state_dir = options.state_dir;
  if (options.testbeds && !options.testbeds->implicit()) {
    for (const Testbed& testbed : options.testbeds->all()) {
      info.testbeds.push_back({testbed.name, testbed.endpoint, testbed.ports_text()});
      testbed_names_.push_back(testbed.name);
    }
  }
  const DispatcherJobs handler_jobs{jobs_->submission(), jobs_->cancelling(),
                                    jobs_->watching(),   jobs_->queue(),
                                    jobs_->health(),     jobs_->io_store_access()};
  dispatcher_ = std::make_unique<Dispatcher>(
      handler_jobs, AccessPolicy(::geteuid(), group), info,
      [this] {
        return ServerStats{server_->clients(),
                           server_->max_clients(),
                           server_->max_clients_per_user(),
                           server_->output_bytes(),
                           server_->settings().max_output_bytes,
                           server_->blocked_clients()};
      },
      [this] { return trex_link_->snapshot(); });
  dispatcher_->set_port_speed_probe(
      [this](const TrexMeasurerSpec& spec) { return trex_factory_->probe_port_speed(spec); });
  dispatcher_->set_astf_profile_probe(
      [this](const TrexMeasurerSpec& spec) { return trex_factory_->probe_astf_profile(spec); });
  std::vector<std::unique_ptr<JobStoreAccess>> worker_stores;
  for (std::size_t i = 0; i < kRequestWorkers; ++i) {
    worker_stores.push_back(jobs_->open_store_access());
  }
  request_pool_ =
      std::make_unique<RequestPool>(*dispatcher_, std::move(worker_stores), kMaxPendingRequests);
}

void Daemon::start_listening(const DaemonOptions& options, std::optional<gid_t> group) {
  server_ = std::make_unique<ControlServer>(io_, *dispatcher_, jobs_->watching(), log_,
                                            connection_settings(options), options.max_clients,
                                            options.max_clients_per_user, request_pool_.get());
  server_->listen(options.socket, options.socket_mode, group);
  if (const auto listen = parse_listen_address(options.metrics_listen)) {
    metrics_ = std::make_unique<MetricsServer>(io_, log_, [this] { return metrics_page(); });
    metrics_->listen(
        boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address(listen->ip), listen->port));
  }
  server_->handle_signals({[this](int) {
                             if (metrics_) metrics_->stop();
                             notifier_.stopping();
                             watchdog_timer_.cancel();
                           },
                           [this] { reload(); }});
}

void Daemon::start() {
  const DaemonOptions& options = command_line_.options;
  // Before any thread starts, so that every thread inherits it; each trex job decides
  // again once it has reached TRex.
  cpu_guard_ = std::make_unique<CpuGuard>(cpu_policy(options), log_);
  cpu_guard_->protect(options.trex_endpoint, "start");
  const std::optional<gid_t> group = resolve_group(options.control_group);
  state_lock_ = std::make_unique<StateDirLock>(options.state_dir);
  warn_about_processes(options);
  add_measurer_factories(options);
  start_jobs(options, make_runners(options));
  start_dispatcher(options, group);
  start_replication(options);
  start_listening(options, group);
  jobs_->start();
  std::string status;
  {
    std::lock_guard lock(status_mutex_);
    status = status_;
  }
  // READY=1 only now: the socket listens and interrupted jobs are queued again.
  notifier_.ready(status);
  log_.event(LogPriority::notice, "daemon.ready",
             {{"version", TREX_SEARCH_VERSION},
              {"socket", options.socket},
              {"state_dir", options.state_dir},
              {"config", command_line_.config_file}});
  if (const auto timeout = notifier_.watchdog_timeout()) {
    watchdog_interval_ = *timeout / 2;
    arm_watchdog();
  }
}

}  // namespace trexsearch::service
