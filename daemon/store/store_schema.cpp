// The job store's tables (SQLite) and the upgrade of an older store file to them.
#include "daemon/store/store_schema.hpp"

#include <cstdint>

namespace trexsearch::service {
namespace {

// 2: trials.plr (PLR jobs' estimate and computation state). 3: trials.detail
// (directions, tester limit, counters). 4: trials.latency (each direction's latency
// stream with its histograms, docs/latency.md) and the trial phase "latency", which
// a version-3 daemon would not know: it refuses the newer file instead of failing on it.
// 5: suites and suite_jobs (docs/suites.md); jobs and trials unchanged. 6:
// jobs.testbed. 7: hook_runs (docs/testbeds.md "Hooks"). 8: jobs.load_unit ("cps" for
// ASTF jobs, docs/astf.md; NULL: frames per second). 9: replication and
// replication_target, the fleet replicator's watermark (docs/fleet.md).
constexpr int kSchemaVersion = 9;

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS jobs(
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  method TEXT NOT NULL,
  measurer TEXT NOT NULL,
  spec TEXT NOT NULL,
  profile TEXT NOT NULL,
  state TEXT NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  created_at REAL NOT NULL,
  started_at REAL,
  finished_at REAL,
  run_count INTEGER NOT NULL DEFAULT 0,
  submitted_by TEXT NOT NULL,
  daemon_version TEXT NOT NULL,
  trex_version TEXT,
  config TEXT NOT NULL,
  testbed TEXT,
  load_unit TEXT
);
CREATE INDEX IF NOT EXISTS jobs_by_state ON jobs(state);
CREATE TABLE IF NOT EXISTS trials(
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  number INTEGER NOT NULL,
  phase TEXT NOT NULL,
  load_pps REAL NOT NULL,
  intended_duration REAL NOT NULL,
  offered_count INTEGER NOT NULL,
  loss_count INTEGER NOT NULL,
  intended_count INTEGER,
  effective_duration REAL,
  notes TEXT NOT NULL,
  loss_ratio REAL NOT NULL,
  started_at REAL NOT NULL,
  recorded_at REAL NOT NULL,
  plr TEXT,
  detail TEXT,
  latency TEXT,
  PRIMARY KEY(job_id, number)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS results(
  job_id INTEGER PRIMARY KEY REFERENCES jobs(id),
  result TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS suites(
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  created_at REAL NOT NULL,
  submitted_by TEXT NOT NULL,
  document TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS suites_by_name ON suites(name);
CREATE TABLE IF NOT EXISTS suite_jobs(
  job_id INTEGER PRIMARY KEY REFERENCES jobs(id),
  suite_id INTEGER NOT NULL REFERENCES suites(id),
  position INTEGER NOT NULL,
  label TEXT NOT NULL,
  frame_size TEXT NOT NULL,
  repeat INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS suite_jobs_by_suite ON suite_jobs(suite_id, position);
CREATE TABLE IF NOT EXISTS hook_runs(
  job_id INTEGER NOT NULL REFERENCES jobs(id),
  hook TEXT NOT NULL,
  point TEXT NOT NULL,
  trial_number INTEGER,
  attempt INTEGER NOT NULL,
  started_at REAL NOT NULL,
  duration REAL NOT NULL,
  end_kind TEXT NOT NULL,
  status INTEGER NOT NULL,
  start_error TEXT NOT NULL,
  output TEXT NOT NULL,
  output_dropped INTEGER NOT NULL,
  failure_action TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS hook_runs_by_job ON hook_runs(job_id);
CREATE TABLE IF NOT EXISTS replication(
  job_id INTEGER PRIMARY KEY,
  state TEXT NOT NULL,
  trials_sent INTEGER NOT NULL,
  hooks_sent INTEGER NOT NULL,
  complete INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS replication_target(
  id INTEGER PRIMARY KEY CHECK (id = 1),
  target TEXT NOT NULL
);
)sql";

}  // namespace

void migrate_schema(SqliteDatabase& db, const std::string& file) {
  auto version = db.prepare("PRAGMA user_version");
  version.step();
  const std::int64_t found = version.column_int64(0);
  if (found > kSchemaVersion) {
    throw SqliteError(0, file + ": schema version " + std::to_string(found) +
                             " is newer than this trex-searchd understands (" +
                             std::to_string(kSchemaVersion) + ")");
  }
  if (found < kSchemaVersion) {
    SqliteTransaction transaction(db);
    // A version-1 file has every table but trials.plr, a version-2 file all but
    // trials.detail, a version-3 file all but trials.latency; CREATE IF NOT EXISTS
    // keeps them. Stored trials keep their rows (no latency: NULL). Version 4 lacks
    // only the suite tables and version 6 only hook_runs, which kSchema creates.
    if (found == 1) db.exec("ALTER TABLE trials ADD COLUMN plr TEXT");
    if (found >= 1 && found <= 2) db.exec("ALTER TABLE trials ADD COLUMN detail TEXT");
    if (found >= 1 && found <= 3) db.exec("ALTER TABLE trials ADD COLUMN latency TEXT");
    // Version 6: the testbed a trex job was placed on (docs/testbeds.md); NULL for
    // older jobs and for sim and exec jobs.
    if (found >= 1 && found <= 5) db.exec("ALTER TABLE jobs ADD COLUMN testbed TEXT");
    // Version 8: the unit of an ASTF job's loads; NULL (frames per second) for the rest.
    if (found >= 1 && found <= 7) db.exec("ALTER TABLE jobs ADD COLUMN load_unit TEXT");
    // Version 9 adds only the replication tables (docs/fleet.md), which kSchema creates.
    db.exec(kSchema);
    db.exec("PRAGMA user_version=" + std::to_string(kSchemaVersion));
    transaction.commit();
  }
}

}  // namespace trexsearch::service
