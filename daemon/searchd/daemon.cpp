#include "daemon/searchd/daemon.hpp"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "daemon/measurers/process_tree.hpp"
#include "daemon/runners/fixed_load_job_runner.hpp"
#include "daemon/runners/mlr_job_runner.hpp"
#include "daemon/runners/plr_job_runner.hpp"
#include "daemon/searchd/metrics_snapshot.hpp"
#include "daemon/searchd/settings_codec.hpp"
#include "measure/errors.hpp"

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

ConnectionSettings connection_settings(const DaemonOptions& options) {
  ConnectionSettings settings;
  settings.max_request_bytes = options.max_request_bytes;
  settings.idle_timeout = options.idle_timeout;
  settings.max_client_output_bytes = options.max_client_output_bytes;
  settings.output_timeout = options.output_timeout;
  settings.max_output_bytes = options.max_output_mib << 20;
  return settings;
}

/// The options a reload cannot change (sockets bound, store open, threads pinned,
/// resumption done at start) kept at their running values, each changed one logged
/// as needing a restart; the rest as reloaded.
DaemonOptions keep_fixed_options(const DaemonOptions& now, const DaemonOptions& before,
                                 Logger& log) {
  const std::pair<const char*, bool> fixed[] = {
      {"socket", now.socket != before.socket},
      {"socket-mode", now.socket_mode != before.socket_mode},
      {"control-group", now.control_group != before.control_group},
      {"state-dir", now.state_dir != before.state_dir},
      {"cpus", now.cpus != before.cpus},
      {"trex-cpus", !(now.trex_cpus == before.trex_cpus)},
      {"resume-interrupted", now.resume_interrupted != before.resume_interrupted},
      {"max-store-mib", now.max_store_mib != before.max_store_mib},
      {"store-reserve-mib", now.store_reserve_mib != before.store_reserve_mib},
      {"metrics-listen", now.metrics_listen != before.metrics_listen},
      {"results-db", now.results_db != before.results_db},
      {"tester-id", now.tester_id != before.tester_id},
      {"results-db-timeout", now.results_db_timeout != before.results_db_timeout},
  };
  for (const auto& [key, changed] : fixed) {
    if (changed) log.event(LogPriority::warning, "config.restart_required", {{"key", key}});
  }
  DaemonOptions kept = now;
  kept.socket = before.socket;
  kept.socket_mode = before.socket_mode;
  kept.control_group = before.control_group;
  kept.state_dir = before.state_dir;
  kept.cpus = before.cpus;
  kept.trex_cpus = before.trex_cpus;
  kept.resume_interrupted = before.resume_interrupted;
  kept.max_store_mib = before.max_store_mib;
  kept.store_reserve_mib = before.store_reserve_mib;
  kept.metrics_listen = before.metrics_listen;
  kept.results_db = before.results_db;
  kept.tester_id = before.tester_id;
  kept.results_db_timeout = before.results_db_timeout;
  return kept;
}

}  // namespace

Daemon::Daemon(std::vector<std::string> args, CommandLine command_line, Logger& log)
    : args_(std::move(args)),
      command_line_(std::move(command_line)),
      log_(log),
      watchdog_timer_(io_) {}

Daemon::~Daemon() {
  if (replicator_) replicator_->stop();
  if (request_pool_) request_pool_->stop();
  if (jobs_) jobs_->shutdown();
}

void Daemon::set_status(const std::string& status) {
  // A compressed-time job finishes trials by the thousand per second; systemd
  // needs no STATUS= for each. Send at once when the job changes (the text up
  // to ':' differs), otherwise at most twice a second.
  const auto now = std::chrono::steady_clock::now();
  {
    std::lock_guard lock(status_mutex_);
    status_ = status;
    const bool same_job =
        status.substr(0, status.find(':')) == sent_status_.substr(0, sent_status_.find(':'));
    if (same_job && now - sent_status_at_ < std::chrono::milliseconds(500)) return;
    sent_status_ = status;
    sent_status_at_ = now;
  }
  notifier_.status(status);
}

void Daemon::start() {
  const DaemonOptions& options = command_line_.options;
  // Before any thread starts, so that every thread inherits it; each trex job decides
  // again once it has reached TRex.
  cpu_guard_ = std::make_unique<CpuGuard>(cpu_policy(options), log_);
  cpu_guard_->protect(options.trex_endpoint, "start");
  const std::optional<gid_t> group = resolve_group(options.control_group);
  state_lock_ = std::make_unique<StateDirLock>(options.state_dir);

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
  std::vector<std::unique_ptr<JobRunner>> runners;
  runners.push_back(std::make_unique<MlrJobRunner>(factories_));
  // The CPUs the daemon may use (its affinity after the CPU decision above: TRex's
  // cores left out) are the PLR workers' budget; parallel soaks take turns on it.
  auto plr = std::make_unique<PlrJobRunner>(
      factories_, PlrRunnerSettings{options.plr_threads, options.plr_resume},
      [this] { cpu_guard_->on_integration_thread_start(); },
      std::make_shared<plr::WorkGate>(daemon_cpu_count()));
  plr_runner_ = plr.get();
  runners.push_back(std::move(plr));
  runners.push_back(std::make_unique<FixedLoadJobRunner>(factories_, SearchMethod::mrr));
  runners.push_back(std::make_unique<FixedLoadJobRunner>(factories_, SearchMethod::soak));

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
  start_replication(options);
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

void Daemon::start_replication(const DaemonOptions& options) {
  if (options.results_db.empty()) return;
  ReplicationSettings settings;
  settings.conninfo = options.results_db;
  settings.tester = options.tester_id;
  settings.daemon_version = TREX_SEARCH_VERSION;
  settings.timeout =
      std::chrono::duration_cast<std::chrono::milliseconds>(options.results_db_timeout);
  // The fleet gets what `show` and `result` answer, read on a connection of its own.
  replication_store_ = jobs_->open_store_access();
  auto documents = [this](JobId job) {
    return job_documents(
        [this](const protocol::Request& request) {
          DispatchContext context;
          context.store = replication_store_.get();
          return dispatcher_->dispatch(request, context).response;
        },
        job);
  };
  replicator_ = std::make_unique<Replicator>(
      settings, std::filesystem::path(options.state_dir) / "jobs.sqlite", documents, log_);
  dispatcher_->set_replication_probe([this] { return status_reply_of(replicator_->status()); });
  replicator_->start();
  log_.event(LogPriority::notice, "replication.start",
             {{"target", replicator_->status().target}, {"tester", options.tester_id}});
}

std::string Daemon::metrics_page() {
  MetricsSources sources;
  sources.version = TREX_SEARCH_VERSION;
  sources.started_at = started_at_;
  sources.queue = jobs_->queue_status();
  sources.trials = jobs_->trial_totals();
  sources.trex = trex_link_->snapshot();
  // As `status`: stat() of the store files, no query.
  sources.store = jobs_->store_health();
  sources.control_clients = server_->clients();
  sources.testbeds = testbed_names_;
  if (replicator_) sources.replication = replicator_->status();
  return format_metrics(make_metrics_snapshot(sources));
}

void Daemon::arm_watchdog() {
  notifier_.watchdog();
  watchdog_timer_.expires_after(watchdog_interval_);
  watchdog_timer_.async_wait([this](const boost::system::error_code& error) {
    if (!error) arm_watchdog();
  });
}

void Daemon::reload() {
  notifier_.reloading();
  try {
    CommandLine fresh = parse_command_line(args_);
    const DaemonOptions& now = fresh.options;
    const DaemonOptions& before = command_line_.options;
    (void)resolve_group(now.control_group);
    log_.set_threshold(now.log_level);
    server_->settings() = connection_settings(now);
    server_->set_max_clients(now.max_clients);
    server_->set_max_clients_per_user(now.max_clients_per_user);
    jobs_->set_max_queued(now.max_queued_jobs);
    jobs_->set_max_trials_per_job(now.max_trials_per_job);
    exec_factory_->set_allowed(now.allow_exec_measurer);
    // Jobs that start (or resume) from now on use these; a running job keeps its
    // TRex session and its PLR workers.
    trex_factory_->set_defaults(now.trex_endpoint, now.trex_user, now.trex_reconnect_grace);
    trex_factory_->set_testbeds(now.testbeds);
    hook_rules_->set(now.hooks, now.testbeds);
    testbed_names_.clear();
    if (now.testbeds && !now.testbeds->implicit()) {
      for (const Testbed& testbed : now.testbeds->all()) testbed_names_.push_back(testbed.name);
    }
    plr_runner_->set_settings(PlrRunnerSettings{now.plr_threads, now.plr_resume});
    // These are fixed for the process' life: keep the running values and say that
    // a restart is needed.
    const DaemonOptions kept = keep_fixed_options(now, before, log_);
    jobs_->set_config_json(encode_settings_column(kept));
    command_line_.options = kept;
    log_.event(LogPriority::notice, "config.reloaded", {{"config", fresh.config_file}});
  } catch (const std::exception& error) {
    log_.event(LogPriority::error, "config.reload_failed",
               {{"reason", error.what()}, {"action", "keeping the running configuration"}});
  }
  std::string status;
  {
    std::lock_guard lock(status_mutex_);
    status = status_;
  }
  notifier_.ready(status);
}

int Daemon::run() {
  try {
    start();
  } catch (const std::exception& error) {
    log_.event(LogPriority::error, "daemon.failed", {{"reason", error.what()}});
    if (replicator_) replicator_->stop();
    if (request_pool_) request_pool_->stop();
    if (jobs_) jobs_->shutdown();
    return kDaemonExitFailure;
  }
  int code = kDaemonExitOk;
  try {
    io_.run();
  } catch (const std::exception& error) {
    // A handler threw: nothing on the io thread can be trusted any more. Stop the
    // job (it is marked interrupted and resumes) and let systemd restart us.
    log_.event(LogPriority::error, "daemon.failed", {{"reason", error.what()}});
    server_->stop();
    if (metrics_) metrics_->stop();
    code = kDaemonExitFailure;
  }
  notifier_.stopping();
  // Requests already running finish (a read or an analysis, bounded by
  // max-trials-per-job); their replies have no client left to go to. The replicator
  // first: it reads through the dispatcher.
  if (replicator_) replicator_->stop();
  request_pool_->stop();
  jobs_->shutdown();
  std::error_code ignored;
  std::filesystem::remove(command_line_.options.socket, ignored);
  log_.event(LogPriority::notice, "daemon.stopped", {{"exit_code", code}});
  return code;
}

}  // namespace trexsearch::service
