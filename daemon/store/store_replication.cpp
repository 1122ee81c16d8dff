// The fleet replicator's watermark in the job store (docs/fleet.md "Replication"):
// one row per job with what was sent, and the database it was sent to.
#include "daemon/store/store.hpp"

namespace trexsearch::service {

std::vector<ReplicationWork> Store::replication_work(JobId from, std::size_t limit) {
  // Ended jobs whose every row was sent are complete and skipped; jobs are scanned from
  // the caller's low watermark (the oldest incomplete job), so the scan stays short.
  auto select = db_.prepare(
      "SELECT j.id, j.state, (SELECT MAX(number) FROM trials t WHERE t.job_id = j.id), "
      "(SELECT COUNT(*) FROM hook_runs h WHERE h.job_id = j.id), r.state, r.trials_sent, "
      "r.hooks_sent FROM jobs j LEFT JOIN replication r ON r.job_id = j.id "
      "WHERE j.id >= ?1 AND (r.job_id IS NULL OR r.complete = 0) ORDER BY j.id LIMIT ?2");
  select.bind(1, static_cast<std::int64_t>(from)).bind(2, static_cast<std::int64_t>(limit));
  std::vector<ReplicationWork> work;
  while (select.step()) {
    ReplicationWork job;
    job.job = select.column_int64(0);
    job.state = select.column_text(1);
    job.last_trial = static_cast<std::uint64_t>(select.column_optional_int64(2).value_or(0));
    job.hook_runs = static_cast<std::uint64_t>(select.column_int64(3));
    if (!select.is_null(4)) {
      job.sent =
          ReplicationMark{select.column_text(4), static_cast<std::uint64_t>(select.column_int64(5)),
                          static_cast<std::uint64_t>(select.column_int64(6)), false};
    }
    work.push_back(std::move(job));
  }
  return work;
}

void Store::mark_replicated(JobId id, const ReplicationMark& mark) {
  auto upsert = db_.prepare(
      "INSERT INTO replication(job_id, state, trials_sent, hooks_sent, complete) "
      "VALUES(?1, ?2, ?3, ?4, ?5) ON CONFLICT(job_id) DO UPDATE SET state = excluded.state, "
      "trials_sent = excluded.trials_sent, hooks_sent = excluded.hooks_sent, "
      "complete = excluded.complete");
  upsert.bind(1, static_cast<std::int64_t>(id))
      .bind(2, mark.state)
      .bind(3, static_cast<std::int64_t>(mark.trials_sent))
      .bind(4, static_cast<std::int64_t>(mark.hooks_sent))
      .bind(5, static_cast<std::int64_t>(mark.complete ? 1 : 0));
  upsert.run();
}

bool Store::set_replication_target(const std::string& target) {
  auto select = db_.prepare("SELECT target FROM replication_target WHERE id = 1");
  if (select.step() && select.column_text(0) == target) return false;
  // Another database (or the first one): it gets every job from the start.
  SqliteTransaction transaction(db_);
  db_.exec("DELETE FROM replication");
  auto upsert = db_.prepare(
      "INSERT INTO replication_target(id, target) VALUES(1, ?1) "
      "ON CONFLICT(id) DO UPDATE SET target = excluded.target");
  upsert.bind(1, target);
  upsert.run();
  transaction.commit();
  return true;
}

std::optional<SuiteMembership> Store::suite_membership(JobId id) {
  auto select = db_.prepare(
      "SELECT s.id, s.name, l.position, l.label, l.frame_size, l.repeat FROM suite_jobs l "
      "JOIN suites s ON s.id = l.suite_id WHERE l.job_id = ?1");
  select.bind(1, static_cast<std::int64_t>(id));
  if (!select.step()) return std::nullopt;
  SuiteMembership membership;
  membership.suite = select.column_int64(0);
  membership.suite_name = select.column_text(1);
  membership.link.job = id;
  membership.link.position = static_cast<std::size_t>(select.column_int64(2));
  membership.link.label = select.column_text(3);
  membership.link.frame_size = select.column_text(4);
  membership.link.repeat = static_cast<int>(select.column_int64(5));
  return membership;
}

}  // namespace trexsearch::service
