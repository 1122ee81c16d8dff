#include "daemon/fleet/fleet_schema.hpp"

#include <algorithm>

namespace trexsearch::fleet {
namespace {

// Version 1: jobs, their trials, hook runs and the goal values trend and Grafana read.
// Columns for what people filter and plot by; the rest as the socket API's own JSON
// (docs/socket-api.md), so every reader decodes it with the protocol's codecs.
constexpr std::string_view kVersion1 = R"sql(
CREATE TABLE jobs(
  tester text NOT NULL,
  job_id bigint NOT NULL,
  name text NOT NULL,
  method text NOT NULL,
  measurer text NOT NULL,
  state text NOT NULL,
  reason text NOT NULL,
  testbed text,
  load_unit text NOT NULL,
  profile text NOT NULL,
  frame_size text,
  trex_version text,
  daemon_version text NOT NULL,
  submitted_by text NOT NULL,
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz,
  run_count integer NOT NULL,
  trial_count bigint NOT NULL,
  suite_id bigint,
  suite_name text,
  suite_position integer,
  suite_label text,
  job jsonb NOT NULL,
  result jsonb,
  replicated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tester, job_id)
);
CREATE INDEX jobs_by_name ON jobs(name, created_at);
CREATE INDEX jobs_by_created ON jobs(created_at);
CREATE TABLE trials(
  tester text NOT NULL,
  job_id bigint NOT NULL,
  number integer NOT NULL,
  phase text,
  load double precision NOT NULL,
  intended_duration_s double precision NOT NULL,
  effective_duration_s double precision,
  offered_count bigint,
  loss_count bigint,
  loss_ratio double precision NOT NULL,
  tester_limited boolean NOT NULL,
  recorded_at timestamptz,
  record jsonb NOT NULL,
  PRIMARY KEY (tester, job_id, number),
  FOREIGN KEY (tester, job_id) REFERENCES jobs(tester, job_id)
);
CREATE TABLE hook_runs(
  tester text NOT NULL,
  job_id bigint NOT NULL,
  seq integer NOT NULL,
  hook text NOT NULL,
  point text NOT NULL,
  trial_number integer,
  failed boolean NOT NULL,
  record jsonb NOT NULL,
  PRIMARY KEY (tester, job_id, seq),
  FOREIGN KEY (tester, job_id) REFERENCES jobs(tester, job_id)
);
CREATE TABLE goal_values(
  tester text NOT NULL,
  job_id bigint NOT NULL,
  goal text NOT NULL,
  value_kind text NOT NULL,
  value double precision,
  spread_low double precision,
  spread_high double precision,
  stdev double precision,
  clean boolean NOT NULL,
  unclean_reason text NOT NULL,
  PRIMARY KEY (tester, job_id, goal),
  FOREIGN KEY (tester, job_id) REFERENCES jobs(tester, job_id)
);
)sql";

// Version 2: each tester's last contact (Grafana's "testers" panel, a stale replicator
// shows) and trials by time (Grafana's per-trial panels filter on it).
constexpr std::string_view kVersion2 = R"sql(
CREATE TABLE testers(
  tester text PRIMARY KEY,
  daemon_version text NOT NULL,
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now()
);
INSERT INTO testers(tester, daemon_version, first_seen, last_seen)
  SELECT tester, (array_agg(daemon_version ORDER BY job_id DESC))[1], min(replicated_at),
         max(replicated_at)
  FROM jobs GROUP BY tester;
CREATE INDEX trials_by_time ON trials(recorded_at);
)sql";

// Any constant will do: it only has to be the same for every trex-search.
constexpr const char* kMigrationLock = "SELECT pg_advisory_xact_lock(7314520861)";

}  // namespace

const std::vector<Migration>& fleet_migrations() {
  static const std::vector<Migration> migrations{
      {1, "jobs, trials, hook runs, goal values", kVersion1},
      {2, "testers; trials by time", kVersion2},
  };
  return migrations;
}

int fleet_schema_version() { return fleet_migrations().back().version; }

int schema_version(PgConnection& connection, std::stop_token stop) {
  const PgRows exists =
      connection.exec("SELECT to_regclass('trex_search_schema') IS NOT NULL", {}, stop);
  if (exists.rows.empty() || exists.rows[0][0].value_or("f") != "t") return 0;
  const PgRows version =
      connection.exec("SELECT coalesce(max(version), 0) FROM trex_search_schema", {}, stop);
  return std::stoi(version.rows.at(0).at(0).value_or("0"));
}

MigrationOutcome migrate(PgConnection& connection, std::stop_token stop, int target) {
  return in_transaction(connection, stop, [&] {
    connection.exec(kMigrationLock, {}, stop);
    connection.exec(
        "CREATE TABLE IF NOT EXISTS trex_search_schema(version integer PRIMARY KEY, "
        "summary text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
        {}, stop);
    MigrationOutcome outcome;
    outcome.found_version = schema_version(connection, stop);
    if (outcome.found_version > target) {
      throw PgError("the fleet database has schema version " +
                    std::to_string(outcome.found_version) + ", newer than this trex-search's " +
                    std::to_string(target) + ": upgrade trex-search");
    }
    for (const Migration& step : fleet_migrations()) {
      if (step.version <= outcome.found_version || step.version > target) continue;
      try {
        connection.exec(std::string(step.sql), {}, stop);
      } catch (const PgTimeout&) {
        throw;
      } catch (const PgError& error) {
        throw PgError("fleet schema version " + std::to_string(step.version) + " (" +
                          std::string(step.summary) + "): " + error.what(),
                      error.sqlstate());
      }
      connection.exec("INSERT INTO trex_search_schema(version, summary) VALUES ($1, $2)",
                      {std::to_string(step.version), std::string(step.summary)}, stop);
      outcome.applied.push_back(step.version);
    }
    outcome.version = std::max(outcome.found_version, target);
    return outcome;
  });
}

void require_schema_version(PgConnection& connection, std::stop_token stop) {
  const int found = schema_version(connection, stop);
  if (found == fleet_schema_version()) return;
  throw PgError(found == 0 ? std::string("the fleet database has no trex-search schema yet (a "
                                         "daemon with results-db creates it)")
                           : "the fleet database has schema version " + std::to_string(found) +
                                 "; this trex-search reads version " +
                                 std::to_string(fleet_schema_version()) +
                                 (found < fleet_schema_version()
                                      ? " (a daemon of this version migrates it at start)"
                                      : " (upgrade trex-search)"));
}

}  // namespace trexsearch::fleet
