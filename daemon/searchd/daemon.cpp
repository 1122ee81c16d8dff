#include "daemon/searchd/daemon.hpp"

#include <chrono>
#include <filesystem>

#include "daemon/runners/plr_job_runner.hpp"
#include "daemon/searchd/connection_options.hpp"
#include "daemon/searchd/metrics_snapshot.hpp"
#include "daemon/searchd/settings_codec.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

/// The options a reload cannot change (sockets bound, store open, threads pinned,
/// resumption done at start) kept at their running values, each changed one logged
/// as needing a restart; the rest as reloaded.
DaemonOptions keep_fixed_options(const DaemonOptions& now, const DaemonOptions& before,
                                 Logger& log) {
  DaemonOptions kept = now;
  const auto keep = [&](const char* key, auto DaemonOptions::*option) {
    if (!(now.*option == before.*option)) {
      log.event(LogPriority::warning, "config.restart_required", {{"key", key}});
    }
    kept.*option = before.*option;
  };
  keep("socket", &DaemonOptions::socket);
  keep("socket-mode", &DaemonOptions::socket_mode);
  keep("control-group", &DaemonOptions::control_group);
  keep("state-dir", &DaemonOptions::state_dir);
  keep("cpus", &DaemonOptions::cpus);
  keep("trex-cpus", &DaemonOptions::trex_cpus);
  keep("resume-interrupted", &DaemonOptions::resume_interrupted);
  keep("max-store-mib", &DaemonOptions::max_store_mib);
  keep("store-reserve-mib", &DaemonOptions::store_reserve_mib);
  keep("metrics-listen", &DaemonOptions::metrics_listen);
  keep("results-db", &DaemonOptions::results_db);
  keep("tester-id", &DaemonOptions::tester_id);
  keep("results-db-timeout", &DaemonOptions::results_db_timeout);
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
