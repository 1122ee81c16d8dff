#include "daemon/replication/replicator.hpp"

#include <algorithm>

#include "daemon/fleet/fleet_record_codec.hpp"
#include "daemon/fleet/fleet_schema.hpp"
#include "daemon/fleet/fleet_writer.hpp"
#include "daemon/fleet/pg_connection.hpp"
#include "daemon/model/protocol_records.hpp"
#include "daemon/protocol/job_state.hpp"
#include "daemon/store/store.hpp"

namespace trexsearch::service {
namespace {

bool is_final_state(const std::string& state) {
  const auto parsed = protocol::job_state_from_string(state);
  return parsed && protocol::is_final(*parsed);
}

// Nothing left to send of a job that will not change any more.
bool completed(const ReplicationWork& work) {
  return work.sent && work.rows_behind() == 0 && is_final_state(work.state);
}

// The suite link's frame size when the job ran in a suite that varies it.
std::optional<std::string> frame_size_of(const std::optional<SuiteMembership>& membership) {
  if (!membership || membership->link.frame_size.empty()) return std::nullopt;
  return membership->link.frame_size;
}

std::optional<fleet::FleetSuite> suite_of(const std::optional<SuiteMembership>& membership) {
  if (!membership) return std::nullopt;
  return fleet::FleetSuite{membership->suite, membership->suite_name,
                           static_cast<std::int64_t>(membership->link.position),
                           membership->link.label};
}

}  // namespace

Replicator::Replicator(ReplicationSettings settings, std::filesystem::path store_file,
                       std::function<std::optional<JobDocuments>(JobId)> documents_of, Logger& log)
    : settings_(std::move(settings)),
      store_file_(std::move(store_file)),
      documents_of_(std::move(documents_of)),
      log_(log) {
  status_.enabled = settings_.enabled();
  status_.target = fleet::redacted_conninfo(settings_.conninfo);
  status_.tester = settings_.tester;
}

Replicator::~Replicator() { stop(); }

void Replicator::start() {
  if (!settings_.enabled() || thread_.joinable()) return;
  thread_ = std::jthread([this](std::stop_token stop) { run(stop); });
}

void Replicator::stop() {
  if (!thread_.joinable()) return;
  // Wakes the pauses (their wait takes the stop token) and the database waits.
  thread_.request_stop();
  thread_.join();
}

ReplicationStatus Replicator::status() const {
  std::lock_guard lock(mutex_);
  return status_;
}

bool Replicator::wait(std::stop_token stop, std::chrono::milliseconds duration) {
  std::unique_lock lock(mutex_);
  wake_.wait_for(lock, stop, duration, [] { return false; });
  return !stop.stop_requested();
}

void Replicator::failed(const std::string& what) {
  bool repeated = false;
  {
    std::lock_guard lock(mutex_);
    repeated = status_.last_error == what && !status_.connected;
    status_.connected = false;
    status_.last_error = what;
    status_.last_error_at = std::chrono::system_clock::now();
    ++status_.errors;
  }
  // Once per distinct failure: a server down for an hour is one line, not 60.
  if (!repeated) {
    log_.event(LogPriority::warning, "replication.failed",
               {{"target", status_.target},
                {"reason", what},
                {"action", "retrying with backoff; trials are kept in the store"}});
  }
}

void Replicator::run(std::stop_token stop) {
  std::optional<Store> store;
  fleet::PgConnection database(
      {settings_.conninfo, settings_.timeout, "trex-searchd " + settings_.tester});
  bool target_set = false;
  bool failing = false;
  std::chrono::milliseconds backoff = settings_.backoff_first;
  while (!stop.stop_requested()) {
    bool sent = false;
    try {
      if (!store) store.emplace(store_file_);
      if (!target_set) {
        if (store->set_replication_target(status_.target)) low_watermark_ = 1;
        target_set = true;  // only once stored: a busy store is asked again next time
      }
      sent = pass(*store, database, stop);
      backoff = settings_.backoff_first;
      if (failing) {
        log_.event(LogPriority::notice, "replication.resumed", {{"target", status_.target}});
        failing = false;
      }
    } catch (const std::exception& error) {
      if (stop.stop_requested()) break;
      failing = true;
      failed(error.what());
      database.close();
      if (!wait(stop, backoff)) break;
      backoff = std::min(backoff * 2, settings_.backoff_max);
      continue;
    }
    if (!sent && !wait(stop, settings_.poll_interval)) break;
  }
}

void Replicator::connect(fleet::PgConnection& database, std::stop_token stop) {
  if (database.connected()) return;
  database.connect(stop);
  // Every (re)connect: the server may have been replaced by an empty one.
  const fleet::MigrationOutcome migration = fleet::migrate(database, stop);
  if (!migration.applied.empty()) {
    log_.event(LogPriority::notice, "replication.schema",
               {{"target", status_.target},
                {"from", std::to_string(migration.found_version)},
                {"to", std::to_string(migration.version)}});
  }
}

bool Replicator::pass(Store& store, fleet::PgConnection& database, std::stop_token stop) {
  // From the oldest incomplete job; when a whole page is incomplete (jobs queued for
  // long), the next pass goes on after it, so no job waits behind them.
  const JobId from = cursor_ != 0 ? cursor_ : low_watermark_;
  // The newest job before the look: when nothing from the watermark on is incomplete,
  // every job up to it is, and the next look starts after it (jobs created meanwhile
  // have higher ids), so an idle daemon with a long history does not scan it each second.
  const std::vector<JobRecord> newest = store.jobs(std::nullopt, 1);
  const std::vector<ReplicationWork> work = store.replication_work(from, settings_.jobs_per_pass);
  if (from == low_watermark_) {
    if (!work.empty()) {
      low_watermark_ = work.front().job;
    } else if (!newest.empty()) {
      low_watermark_ = newest.front().id + 1;
    }
  }
  cursor_ = work.size() == settings_.jobs_per_pass ? work.back().job + 1 : 0;
  std::uint64_t behind = 0;
  std::uint64_t jobs_behind = 0;
  for (const ReplicationWork& job : work) {
    behind += job.rows_behind();
    if (job.rows_behind() > 0) ++jobs_behind;
  }
  {
    std::lock_guard lock(mutex_);
    status_.rows_behind = behind;
    status_.jobs_behind = jobs_behind;
  }
  // The store first, so `status` tells how far behind the database is even while it
  // cannot be reached.
  connect(database, stop);
  bool sent = false;
  for (const ReplicationWork& job : work) {
    if (stop.stop_requested()) return sent;
    if (completed(job)) {
      store.mark_replicated(job.job,
                            {job.state, job.sent->trials_sent, job.sent->hooks_sent, true});
    } else if (job.rows_behind() > 0) {
      replicate_job(store, database, job, stop);
      sent = true;
      std::lock_guard lock(mutex_);
      status_.rows_behind -= std::min(status_.rows_behind, job.rows_behind());
      status_.jobs_behind -= std::min<std::uint64_t>(status_.jobs_behind, 1);
    }
  }
  const auto now = std::chrono::steady_clock::now();
  if (sent || now - last_heartbeat_ >= settings_.heartbeat) {
    fleet::touch_tester(database, settings_.tester, settings_.daemon_version, stop);
    last_heartbeat_ = now;
  }
  std::lock_guard lock(mutex_);
  status_.connected = true;
  status_.last_success = std::chrono::system_clock::now();
  return sent;
}

void Replicator::replicate_job(Store& store, fleet::PgConnection& database,
                               const ReplicationWork& work, std::stop_token stop) {
  // The documents first: when they say the job ended, every trial and hook run is
  // already stored, so the batches below reach its last one.
  const std::optional<JobDocuments> documents = documents_of_(work.job);
  if (!documents) return;  // deleted meanwhile: it leaves the work list by itself
  const std::optional<SuiteMembership> membership = store.suite_membership(work.job);
  ReplicationMark mark{std::string(protocol::to_string(documents->summary.state)),
                       work.sent ? work.sent->trials_sent : 0,
                       work.sent ? work.sent->hooks_sent : 0, false};
  bool first = true;
  while (true) {
    fleet::FleetJobUpdate update;
    update.tester = settings_.tester;
    update.job = documents->summary;
    update.job_json = documents->job_json;
    update.result_json = documents->result_json;
    update.suite = suite_of(membership);
    update.frame_size = frame_size_of(membership);
    if (first) update.goal_values = documents->goal_values;
    const std::vector<StoredTrial> trials =
        store.trials(work.job, mark.trials_sent, settings_.trials_per_write);
    for (const StoredTrial& trial : trials) {
      update.trials.push_back({trial.number, fleet::trial_record_json(trial_record_of(trial))});
    }
    const std::vector<HookRun> runs =
        store.hook_runs(work.job, mark.hooks_sent, settings_.hook_runs_per_write);
    for (std::size_t i = 0; i < runs.size(); ++i) {
      update.hook_runs.push_back(
          {mark.hooks_sent + i + 1, fleet::hook_run_record_json(hook_run_record_of(runs[i]))});
    }
    fleet::write_job_update(database, update, stop);
    if (!trials.empty()) mark.trials_sent = trials.back().number;
    mark.hooks_sent += runs.size();
    const bool more =
        trials.size() == settings_.trials_per_write || runs.size() == settings_.hook_runs_per_write;
    mark.complete = !more && protocol::is_final(documents->summary.state);
    store.mark_replicated(work.job, mark);
    {
      std::lock_guard lock(mutex_);
      status_.rows_sent += trials.size() + runs.size() + (first ? 1 : 0);
    }
    first = false;
    if (!more || stop.stop_requested()) return;
  }
}

}  // namespace trexsearch::service
