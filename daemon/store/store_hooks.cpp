// The hook runs of the job store (docs/testbeds.md "Hooks"): one row per run of an
// operator's hook, with its output, beside the job's trials.
#include "daemon/store/store.hpp"

#include <algorithm>
#include <cstdint>

namespace trexsearch::service {
namespace {

HookPoint point_from(const std::string& text, JobId id) {
  if (const auto point = hook_point_from(text)) return *point;
  throw SqliteError(
      0, "job " + std::to_string(id) + ": stored hook run has unknown point '" + text + "'");
}

HookRun::End end_from(const std::string& text, JobId id) {
  if (const auto end = hook_end_from(text)) return *end;
  throw SqliteError(
      0, "job " + std::to_string(id) + ": stored hook run has unknown end '" + text + "'");
}

}  // namespace

void Store::add_hook_run(JobId id, const HookRun& run) {
  auto insert = db_.prepare(
      "INSERT INTO hook_runs(job_id, hook, point, trial_number, attempt, started_at, duration, "
      "end_kind, status, start_error, output, output_dropped, failure_action) "
      "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)");
  std::optional<std::int64_t> trial;
  if (run.trial_number) trial = static_cast<std::int64_t>(*run.trial_number);
  insert.bind(1, static_cast<std::int64_t>(id))
      .bind(2, run.hook)
      .bind(3, to_string(run.point))
      .bind(4, trial)
      .bind(5, static_cast<std::int64_t>(run.attempt))
      .bind(6, to_unix_seconds(run.started_at))
      .bind(7, run.duration.count())
      .bind(8, to_string(run.end))
      .bind(9, static_cast<std::int64_t>(run.status))
      .bind(10, run.start_error)
      .bind(11, run.output)
      .bind(12, static_cast<std::int64_t>(run.output_dropped_bytes))
      .bind(13, run.failure_action);
  insert.run();
}

std::vector<HookRun> Store::hook_runs(JobId id, bool failed_only) {
  return hook_runs(id, failed_only, 0, -1);
}

std::vector<HookRun> Store::hook_runs(JobId id, std::uint64_t skip, std::size_t limit) {
  return hook_runs(id, false, static_cast<std::int64_t>(skip),
                   static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX)));
}

std::vector<HookRun> Store::hook_runs(JobId id, bool failed_only, std::int64_t skip,
                                      std::int64_t limit) {
  auto select = db_.prepare(
      std::string("SELECT hook, point, trial_number, attempt, started_at, duration, end_kind, "
                  "status, start_error, output, output_dropped, failure_action FROM hook_runs "
                  "WHERE job_id = ?1") +
      (failed_only ? " AND NOT (end_kind = 'exited' AND status = 0)" : "") +
      " ORDER BY rowid LIMIT ?2 OFFSET ?3");
  select.bind(1, static_cast<std::int64_t>(id)).bind(2, limit).bind(3, skip);
  std::vector<HookRun> runs;
  while (select.step()) {
    HookRun run;
    run.hook = select.column_text(0);
    run.point = point_from(select.column_text(1), id);
    if (const auto trial = select.column_optional_int64(2)) {
      run.trial_number = static_cast<std::uint64_t>(*trial);
    }
    run.attempt = static_cast<std::uint32_t>(select.column_int64(3));
    run.started_at = from_unix_seconds(select.column_double(4));
    run.duration = std::chrono::duration<double>(select.column_double(5));
    run.end = end_from(select.column_text(6), id);
    run.status = static_cast<int>(select.column_int64(7));
    run.start_error = select.column_text(8);
    run.output = select.column_text(9);
    run.output_dropped_bytes = static_cast<std::uint64_t>(select.column_int64(10));
    run.failure_action = select.column_text(11);
    runs.push_back(std::move(run));
  }
  return runs;
}

std::pair<std::size_t, std::size_t> Store::hook_run_counts(JobId id) {
  auto count = db_.prepare(
      "SELECT COUNT(*), COALESCE(SUM(NOT (end_kind = 'exited' AND status = 0)), 0) "
      "FROM hook_runs WHERE job_id = ?1");
  count.bind(1, static_cast<std::int64_t>(id));
  count.step();
  return {static_cast<std::size_t>(count.column_int64(0)),
          static_cast<std::size_t>(count.column_int64(1))};
}

void Store::delete_hook_runs_in_batches(JobId id, std::size_t batch) {
  // Each run may hold its output (64 KiB by default): in batches, like the trials,
  // so a delete never needs one transaction of hundreds of megabytes.
  for (;;) {
    SqliteTransaction transaction(db_);
    auto statement = db_.prepare(
        "DELETE FROM hook_runs WHERE rowid IN "
        "(SELECT rowid FROM hook_runs WHERE job_id = ?1 LIMIT ?2)");
    statement.bind(1, static_cast<std::int64_t>(id)).bind(2, static_cast<std::int64_t>(batch));
    statement.step();
    const auto removed = db_.changes();
    transaction.commit();
    checkpoint();
    if (removed == 0) return;
  }
}

}  // namespace trexsearch::service
