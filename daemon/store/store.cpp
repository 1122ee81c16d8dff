#include "daemon/store/store.hpp"

#include <sys/stat.h>

#include <algorithm>

#include <sqlite3.h>

#include "daemon/store/store_codec.hpp"
#include "daemon/store/store_schema.hpp"

namespace trexsearch::service {
namespace {

constexpr const char* kJobColumns =
    "id, name, method, measurer, spec, profile, state, reason, created_at, started_at, "
    "finished_at, run_count, submitted_by, daemon_version, trex_version, config, "
    "(SELECT COUNT(*) FROM trials WHERE trials.job_id = jobs.id), testbed, load_unit";

void require_changed(SqliteDatabase& db, JobId id) {
  if (db.changes() == 0) {
    throw SqliteError(0, db.path() + ": no job " + std::to_string(id) + " to update");
  }
}

}  // namespace

Store::Store(const std::filesystem::path& file, std::chrono::milliseconds busy_timeout)
    : file_(file), db_(file.string(), static_cast<int>(busy_timeout.count())) {
  struct stat info {};
  if (::stat(file_.c_str(), &info) == 0) {
    device_ = static_cast<std::uint64_t>(info.st_dev);
    inode_ = static_cast<std::uint64_t>(info.st_ino);
  }
  db_.exec("PRAGMA journal_mode=WAL");
  // synchronous=FULL with WAL: every commit syncs the WAL, so a committed trial
  // survives a power cut or reboot, not only a daemon crash (NORMAL would survive
  // a crash but could lose the last commits on power loss). Trials take seconds,
  // so one fsync each is cheap.
  db_.exec("PRAGMA synchronous=FULL");
  db_.exec("PRAGMA foreign_keys=ON");
  // Checkpoint every 256 pages (1 MiB) rather than SQLite's 1000: the log is what
  // must fit in the store's reserve when its file system fills up (StoreReserve).
  db_.exec("PRAGMA wal_autocheckpoint=256");
  migrate_schema(db_, file_.string());
}

void Store::check_integrity() {
  auto check = db_.prepare("PRAGMA quick_check(5)");
  std::string findings;
  while (check.step()) {
    const std::string line = check.column_text(0);
    if (line == "ok") return;
    findings += (findings.empty() ? "" : "; ") + line;
  }
  throw SqliteError(SQLITE_CORRUPT,
                    file_.string() + " fails SQLite's quick_check (" + findings +
                        "): the job store is damaged; stop the daemon, move the file (and its "
                        "-wal) aside and recover what you can with sqlite3's .recover");
}

std::string Store::file_problem() const {
  struct stat info {};
  if (::stat(file_.c_str(), &info) != 0) {
    return file_.string() +
           " was deleted while the daemon runs: what it writes now is lost "
           "at the next start";
  }
  if (static_cast<std::uint64_t>(info.st_dev) != device_ ||
      static_cast<std::uint64_t>(info.st_ino) != inode_) {
    return file_.string() +
           " was replaced by another file while the daemon runs: it still "
           "writes to the old one; restart it to use the new file";
  }
  return "";
}

std::optional<std::size_t> Store::delete_job_in_batches(JobId id, std::size_t batch) {
  if (!job(id)) return std::nullopt;
  const std::size_t trials = trial_count(id);
  while (true) {
    SqliteTransaction transaction(db_);
    // Newest first: an interrupted delete leaves a job whose trials are still
    // numbered 1..N, which resume and analysis rely on.
    auto statement = db_.prepare(
        "DELETE FROM trials WHERE job_id = ?1 AND number > "
        "(SELECT MAX(number) FROM trials WHERE job_id = ?1) - ?2");
    statement.bind(1, static_cast<std::int64_t>(id)).bind(2, static_cast<std::int64_t>(batch));
    statement.step();
    const auto removed = db_.changes();
    transaction.commit();
    checkpoint();
    if (removed == 0) break;
  }
  delete_hook_runs_in_batches(id, batch);
  delete_job(id);
  checkpoint();
  return trials;
}

bool Store::checkpoint() {
  auto statement = db_.prepare("PRAGMA wal_checkpoint(TRUNCATE)");
  if (!statement.step()) return false;
  // Row: busy, log frames, checkpointed frames; busy 1 means a reader held it back.
  return statement.column_int64(0) == 0;
}

std::optional<std::size_t> Store::delete_job(JobId id) {
  SqliteTransaction transaction(db_);
  if (!job(id)) return std::nullopt;
  const std::size_t trials = trial_count(id);
  for (const char* sql :
       {"DELETE FROM results WHERE job_id = ?1", "DELETE FROM trials WHERE job_id = ?1",
        "DELETE FROM hook_runs WHERE job_id = ?1", "DELETE FROM suite_jobs WHERE job_id = ?1",
        "DELETE FROM jobs WHERE id = ?1"}) {
    auto statement = db_.prepare(sql);
    statement.bind(1, static_cast<std::int64_t>(id));
    statement.step();
  }
  transaction.commit();
  return trials;
}

void Store::set_max_bytes(std::uint64_t bytes) {
  auto page_size = db_.prepare("PRAGMA page_size");
  page_size.step();
  const auto page_bytes = static_cast<std::uint64_t>(page_size.column_int64(0));
  // SQLite clamps max_page_count to its own maximum (and to the current size).
  const std::uint64_t pages =
      bytes == 0 ? 0xFFFFFFFEu : std::max<std::uint64_t>(1, bytes / page_bytes);
  db_.exec("PRAGMA max_page_count=" + std::to_string(pages));
}

JobId Store::add_job(const NewJob& job) {
  auto insert = db_.prepare(
      "INSERT INTO jobs(name, method, measurer, spec, profile, state, created_at, submitted_by, "
      "daemon_version, config, testbed, load_unit) VALUES(?1, ?2, ?3, ?4, ?5, 'queued', ?6, ?7, "
      "?8, ?9, ?10, ?11)");
  insert.bind(1, job.spec.name)
      .bind(2, to_string(job.spec.method))
      .bind(3, measurer_kind(job.spec.measurer))
      .bind(4, encode_spec_column(job.spec))
      .bind(5, job.spec.profile)
      .bind(6, to_unix_seconds(job.created_at))
      .bind(7, job.submitted_by)
      .bind(8, job.daemon_version)
      .bind(9, job.config_json);
  const auto* trex_spec = std::get_if<TrexMeasurerSpec>(&job.spec.measurer);
  if (trex_spec != nullptr && !trex_spec->testbed.empty()) {
    insert.bind(10, trex_spec->testbed);
  } else {
    insert.bind_null(10);
  }
  if (is_astf_job(job.spec.measurer)) {
    insert.bind(11, std::string("cps"));
  } else {
    insert.bind_null(11);
  }
  insert.run();
  return db_.last_insert_rowid();
}

JobRecord Store::read_job(SqliteStatement& row) const {
  JobRecord job;
  job.id = row.column_int64(0);
  job.name = row.column_text(1);
  job.method = row.column_text(2);
  job.measurer_kind = row.column_text(3);
  job.spec_json = row.column_text(4);
  job.profile = row.column_text(5);
  const std::string state = row.column_text(6);
  const auto parsed = job_state_from_string(state);
  if (!parsed) {
    throw SqliteError(0, file_.string() + ": job " + std::to_string(job.id) +
                             " has unknown state '" + state + "'");
  }
  job.state = *parsed;
  job.reason = row.column_text(7);
  job.created_at = from_unix_seconds(row.column_double(8));
  if (const auto started = row.column_optional_double(9)) {
    job.started_at = from_unix_seconds(*started);
  }
  if (const auto finished = row.column_optional_double(10)) {
    job.finished_at = from_unix_seconds(*finished);
  }
  job.run_count = static_cast<int>(row.column_int64(11));
  job.submitted_by = row.column_text(12);
  job.daemon_version = row.column_text(13);
  if (!row.is_null(14)) job.trex_version = row.column_text(14);
  job.config_json = row.column_text(15);
  job.trial_count = static_cast<std::size_t>(row.column_int64(16));
  if (!row.is_null(17)) job.testbed = row.column_text(17);
  if (!row.is_null(18)) job.load_unit = row.column_text(18);
  return job;
}

std::optional<JobRecord> Store::job(JobId id) {
  auto select = db_.prepare(std::string("SELECT ") + kJobColumns + " FROM jobs WHERE id = ?1");
  select.bind(1, id);
  if (!select.step()) return std::nullopt;
  return read_job(select);
}

std::vector<JobRecord> Store::jobs(std::optional<JobState> state, std::size_t limit,
                                   const std::optional<std::string>& testbed) {
  auto select = db_.prepare(std::string("SELECT ") + kJobColumns +
                            " FROM jobs WHERE (?1 IS NULL OR state = ?1) AND "
                            "(?3 IS NULL OR testbed = ?3) ORDER BY id DESC LIMIT ?2");
  if (state) {
    select.bind(1, to_string(*state));
  } else {
    select.bind_null(1);
  }
  if (testbed) {
    select.bind(3, *testbed);
  } else {
    select.bind_null(3);
  }
  select.bind(2, static_cast<std::int64_t>(limit));
  std::vector<JobRecord> jobs;
  while (select.step()) jobs.push_back(read_job(select));
  return jobs;
}

std::vector<JobRecord> Store::unfinished_jobs() {
  auto select = db_.prepare(std::string("SELECT ") + kJobColumns +
                            " FROM jobs WHERE state IN ('queued', 'running', 'interrupted') "
                            "ORDER BY id");
  std::vector<JobRecord> jobs;
  while (select.step()) jobs.push_back(read_job(select));
  return jobs;
}

void Store::mark_running(JobId id, WallTime now) {
  auto update = db_.prepare(
      "UPDATE jobs SET state = 'running', reason = '', run_count = run_count + 1, "
      "started_at = COALESCE(started_at, ?2) WHERE id = ?1");
  update.bind(1, id).bind(2, to_unix_seconds(now)).run();
  require_changed(db_, id);
}

void Store::set_state(JobId id, JobState state, const std::string& reason) {
  auto update = db_.prepare("UPDATE jobs SET state = ?2, reason = ?3 WHERE id = ?1");
  update.bind(1, id).bind(2, to_string(state)).bind(3, reason).run();
  require_changed(db_, id);
}

void Store::finish(JobId id, JobState state, const std::string& reason, WallTime now,
                   const mlr::SearchResult* result, const latency::LatencyPhaseResult* latency) {
  SqliteTransaction transaction(db_);
  auto update =
      db_.prepare("UPDATE jobs SET state = ?2, reason = ?3, finished_at = ?4 WHERE id = ?1");
  update.bind(1, id).bind(2, to_string(state)).bind(3, reason).bind(4, to_unix_seconds(now)).run();
  require_changed(db_, id);
  if (result != nullptr) {
    auto insert = db_.prepare("INSERT OR REPLACE INTO results(job_id, result) VALUES(?1, ?2)");
    insert.bind(1, id).bind(2, encode_result_column(*result, latency)).run();
  }
  transaction.commit();
}

void Store::set_trex_version(JobId id, const std::string& version) {
  auto update = db_.prepare("UPDATE jobs SET trex_version = ?2 WHERE id = ?1");
  update.bind(1, id).bind(2, version).run();
  require_changed(db_, id);
}

void Store::finish_plr(JobId id, JobState state, const std::string& reason, WallTime now,
                       const plr::PlrResult& result) {
  SqliteTransaction transaction(db_);
  auto update =
      db_.prepare("UPDATE jobs SET state = ?2, reason = ?3, finished_at = ?4 WHERE id = ?1");
  update.bind(1, id).bind(2, to_string(state)).bind(3, reason).bind(4, to_unix_seconds(now)).run();
  require_changed(db_, id);
  auto insert = db_.prepare("INSERT OR REPLACE INTO results(job_id, result) VALUES(?1, ?2)");
  insert.bind(1, id).bind(2, encode_result_column(result)).run();
  transaction.commit();
}

void Store::finish_fixed_load(JobId id, JobState state, const std::string& reason, WallTime now,
                              const FixedLoadResult& result) {
  SqliteTransaction transaction(db_);
  auto update =
      db_.prepare("UPDATE jobs SET state = ?2, reason = ?3, finished_at = ?4 WHERE id = ?1");
  update.bind(1, id).bind(2, to_string(state)).bind(3, reason).bind(4, to_unix_seconds(now)).run();
  require_changed(db_, id);
  auto insert = db_.prepare("INSERT OR REPLACE INTO results(job_id, result) VALUES(?1, ?2)");
  insert.bind(1, id).bind(2, encode_result_column(result)).run();
  transaction.commit();
}

std::optional<std::string> Store::result_json(JobId id) {
  auto select = db_.prepare("SELECT result FROM results WHERE job_id = ?1");
  select.bind(1, id);
  if (!select.step()) return std::nullopt;
  return select.column_text(0);
}

}  // namespace trexsearch::service
