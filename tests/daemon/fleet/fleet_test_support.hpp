#pragma once

#include <optional>
#include <string>

#include "daemon/fleet/pg_connection.hpp"
#include "tests/support/postgres_server.hpp"

namespace trexsearch::fleettest {

/// One PostgreSQL server for the tests of this program that neither stop nor kill it
/// (each takes a database of its own from it): started on first use, stopped at exit.
testing::PostgresServer& shared_postgres();

/// A new empty database on the shared server, named after the test; its conninfo.
std::string fresh_database(const std::string& test_name);

/// A connection to `conninfo` with a bound generous enough for a loaded CI machine.
fleet::PgConnection connect_to(const std::string& conninfo);

/// A jobs row with the columns of schema version 1 (the rest plausible values), load unit
/// pps. `testbed` nullopt: none.
void insert_job(fleet::PgConnection& connection, const std::string& tester, long job_id,
                const std::string& name, const std::string& method,
                const std::optional<std::string>& testbed, const std::string& created_at);

/// A goal_values row ('estimate' a PLR soak's, others an MLR goal's); unclean with a reason
/// when `clean` is false.
void insert_goal_value(fleet::PgConnection& connection, const std::string& tester, long job_id,
                       const std::string& goal, double value, double spread_low, double spread_high,
                       std::optional<double> stdev = std::nullopt, bool clean = true);

/// A trials row: `number` at `load`, its loss ratio, recorded at `recorded_at`.
void insert_trial(fleet::PgConnection& connection, const std::string& tester, long job_id,
                  int number, double load, double loss_ratio, const std::string& recorded_at);

}  // namespace trexsearch::fleettest
