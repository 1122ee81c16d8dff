#include "daemon/fleet/fleet_writer.hpp"

#include <cstdio>
#include <string_view>

#include "daemon/protocol/job_state.hpp"

namespace trexsearch::fleet {
namespace {

PgParam number_text(std::optional<double> value) {
  if (!value) return std::nullopt;
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", *value);
  return std::string(buffer);
}

constexpr std::string_view kUpsertJob =
    "INSERT INTO jobs(tester, job_id, name, method, measurer, state, reason, testbed, "
    "load_unit, profile, frame_size, trex_version, daemon_version, submitted_by, created_at, "
    "started_at, finished_at, run_count, trial_count, suite_id, suite_name, suite_position, "
    "suite_label, job, result) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, "
    "$14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24::jsonb, $25::jsonb) "
    "ON CONFLICT (tester, job_id) DO UPDATE SET name = excluded.name, state = excluded.state, "
    "reason = excluded.reason, testbed = excluded.testbed, load_unit = excluded.load_unit, "
    "frame_size = excluded.frame_size, trex_version = excluded.trex_version, "
    "started_at = excluded.started_at, finished_at = excluded.finished_at, "
    "run_count = excluded.run_count, "
    "trial_count = greatest(jobs.trial_count, excluded.trial_count), "
    "suite_id = excluded.suite_id, suite_name = excluded.suite_name, "
    "suite_position = excluded.suite_position, suite_label = excluded.suite_label, "
    "job = excluded.job, result = coalesce(excluded.result, jobs.result), "
    "replicated_at = now()";

// The columns come from the records' own JSON (docs/socket-api.md "show"), so one
// statement carries a whole batch to the server.
constexpr std::string_view kInsertTrials =
    "INSERT INTO trials(tester, job_id, number, phase, load, intended_duration_s, "
    "effective_duration_s, offered_count, loss_count, loss_ratio, tester_limited, recorded_at, "
    "record) SELECT $1, $2, (r->>'number')::integer, nullif(r->>'phase', ''), "
    "(r->>'load')::float8, (r->>'intended_duration')::float8, "
    "(r->>'effective_duration')::float8, (r->>'offered_count')::bigint, "
    "(r->>'loss_count')::bigint, (r->>'loss_ratio')::float8, "
    "coalesce(jsonb_typeof(r->'tester_limited_pps') = 'number', false), "
    "(r->>'recorded_at')::timestamptz, r FROM jsonb_array_elements($3::jsonb) AS r "
    "ON CONFLICT (tester, job_id, number) DO NOTHING";

constexpr std::string_view kInsertHookRuns =
    "INSERT INTO hook_runs(tester, job_id, seq, hook, point, trial_number, failed, record) "
    "SELECT $1, $2, (e->>'seq')::integer, e->'run'->>'hook', e->'run'->>'point', "
    "(e->'run'->>'trial')::integer, NOT coalesce((e->'run'->>'ok')::boolean, false), e->'run' "
    "FROM jsonb_array_elements($3::jsonb) AS e ON CONFLICT (tester, job_id, seq) DO NOTHING";

std::vector<PgParam> job_params(const FleetJobUpdate& update) {
  const protocol::JobSummary& job = update.job;
  const std::optional<FleetSuite>& suite = update.suite;
  return {update.tester,
          std::to_string(job.id),
          job.name,
          job.method,
          job.measurer,
          std::string(protocol::to_string(job.state)),
          job.reason,
          job.testbed,
          job.load_unit,
          job.profile,
          update.frame_size,
          job.trex_version,
          job.daemon_version,
          job.submitted_by,
          job.created_at,
          job.started_at,
          job.finished_at,
          std::to_string(job.run_count),
          std::to_string(job.trial_count),
          suite ? PgParam(std::to_string(suite->suite_id)) : std::nullopt,
          suite ? PgParam(suite->suite_name) : std::nullopt,
          suite ? PgParam(std::to_string(suite->position)) : std::nullopt,
          suite ? PgParam(suite->label) : std::nullopt,
          update.job_json,
          update.result_json};
}

std::string trials_array(const std::vector<FleetTrial>& trials) {
  std::string array = "[";
  for (const FleetTrial& trial : trials) {
    if (array.size() > 1) array += ',';
    array += trial.record_json;
  }
  return array + "]";
}

std::string hook_runs_array(const std::vector<FleetHookRun>& runs) {
  std::string array = "[";
  for (const FleetHookRun& run : runs) {
    if (array.size() > 1) array += ',';
    array += "{\"seq\":" + std::to_string(run.seq) + ",\"run\":" + run.record_json + "}";
  }
  return array + "]";
}

void write_goal_values(PgConnection& connection, const FleetJobUpdate& update,
                       std::stop_token stop) {
  const std::string job = std::to_string(update.job.id);
  connection.exec("DELETE FROM goal_values WHERE tester = $1 AND job_id = $2", {update.tester, job},
                  stop);
  for (const FleetGoalValue& goal : *update.goal_values) {
    connection.exec(
        "INSERT INTO goal_values(tester, job_id, goal, value_kind, value, spread_low, "
        "spread_high, stdev, clean, unclean_reason) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, "
        "$9, $10)",
        {update.tester, job, goal.goal, goal.value_kind, number_text(goal.value),
         number_text(goal.spread_low), number_text(goal.spread_high), number_text(goal.stdev),
         std::string(goal.clean ? "true" : "false"), goal.unclean_reason},
        stop);
  }
}

}  // namespace

void write_job_update(PgConnection& connection, const FleetJobUpdate& update,
                      std::stop_token stop) {
  in_transaction(connection, stop, [&] {
    connection.exec(std::string(kUpsertJob), job_params(update), stop);
    const std::string job = std::to_string(update.job.id);
    if (!update.trials.empty()) {
      connection.exec(std::string(kInsertTrials), {update.tester, job, trials_array(update.trials)},
                      stop);
    }
    if (!update.hook_runs.empty()) {
      connection.exec(std::string(kInsertHookRuns),
                      {update.tester, job, hook_runs_array(update.hook_runs)}, stop);
    }
    if (update.goal_values) write_goal_values(connection, update, stop);
  });
}

void touch_tester(PgConnection& connection, const std::string& tester,
                  const std::string& daemon_version, std::stop_token stop) {
  connection.exec(
      "INSERT INTO testers(tester, daemon_version) VALUES ($1, $2) ON CONFLICT (tester) DO "
      "UPDATE SET daemon_version = excluded.daemon_version, last_seen = now()",
      {tester, daemon_version}, stop);
}

}  // namespace trexsearch::fleet
