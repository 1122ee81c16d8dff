#include "tests/daemon/fleet/fleet_test_support.hpp"

#include <chrono>
#include <sstream>

namespace trexsearch::fleettest {
namespace {

std::string number(double value) {
  std::ostringstream text;
  text.precision(17);
  text << value;
  return text.str();
}

}  // namespace

testing::PostgresServer& shared_postgres() {
  // Built on the first test's (the main) thread, which outlives it.
  static testing::PostgresServer server;
  return server;
}

std::string fresh_database(const std::string& test_name) {
  static int created = 0;
  return shared_postgres().create_database(test_name + "_" + std::to_string(++created));
}

fleet::PgConnection connect_to(const std::string& conninfo) {
  return fleet::PgConnection(fleet::PgSettings{conninfo, std::chrono::seconds(30), "fleet_tests"});
}

void insert_job(fleet::PgConnection& connection, const std::string& tester, long job_id,
                const std::string& name, const std::string& method,
                const std::optional<std::string>& testbed, const std::string& created_at) {
  connection.exec(
      "INSERT INTO jobs(tester, job_id, name, method, measurer, state, reason, testbed, "
      "load_unit, profile, frame_size, trex_version, daemon_version, submitted_by, created_at, "
      "started_at, finished_at, run_count, trial_count, job, replicated_at) VALUES ($1, $2, $3, "
      "$4, 'trex', 'finished', '', $5, $6, 'ipv4-udp-64b-bidir', '64', 'v3.04', '0.9.0', 'ci', "
      "$7, $7, $7::timestamptz + interval '10 minutes', 1, 3, '{}', $7)",
      {tester, std::to_string(job_id), name, method, testbed, std::string("pps"), created_at});
}

void insert_goal_value(fleet::PgConnection& connection, const std::string& tester, long job_id,
                       const std::string& goal, double value, double spread_low, double spread_high,
                       std::optional<double> stdev, bool clean) {
  const bool estimate = goal == "estimate";
  connection.exec(
      "INSERT INTO goal_values(tester, job_id, goal, value_kind, value, spread_low, spread_high, "
      "stdev, clean, unclean_reason) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
      {tester, std::to_string(job_id), goal,
       std::string(estimate ? "estimate_average" : "conditional_throughput"), number(value),
       number(spread_low), number(spread_high),
       stdev ? fleet::PgParam(number(*stdev)) : std::nullopt, std::string(clean ? "true" : "false"),
       std::string(clean ? "" : "a trial was limited by the tester")});
}

void insert_trial(fleet::PgConnection& connection, const std::string& tester, long job_id,
                  int number_in_job, double load, double loss_ratio,
                  const std::string& recorded_at) {
  connection.exec(
      "INSERT INTO trials(tester, job_id, number, phase, load, intended_duration_s, "
      "effective_duration_s, offered_count, loss_count, loss_ratio, tester_limited, "
      "recorded_at, record) VALUES ($1, $2, $3, 'main', $4, 1, 1.002, 1000000, "
      "round(1000000 * $5::double precision), $5, false, $6, '{}')",
      {tester, std::to_string(job_id), std::to_string(number_in_job), number(load),
       number(loss_ratio), recorded_at});
}

}  // namespace trexsearch::fleettest
