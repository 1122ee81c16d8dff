#include "daemon/fleet/fleet_schema.hpp"

#include <doctest/doctest.h>

#include <future>

#include "tests/daemon/fleet/fleet_test_support.hpp"

namespace {

using trexsearch::fleet::fleet_schema_version;
using trexsearch::fleet::migrate;
using trexsearch::fleet::MigrationOutcome;
using trexsearch::fleet::PgConnection;
using trexsearch::fleet::PgError;
using trexsearch::fleet::require_schema_version;
using trexsearch::fleet::schema_version;
using namespace trexsearch::fleettest;

std::string scalar(PgConnection& connection, const std::string& sql) {
  return connection.exec(sql).rows.at(0).at(0).value_or("NULL");
}

bool has_table(PgConnection& connection, const std::string& table) {
  return scalar(connection, "SELECT to_regclass('" + table + "') IS NOT NULL") == "t";
}

std::string error_text(const std::function<void()>& body) {
  try {
    body();
  } catch (const PgError& error) {
    return error.what();
  }
  return "(no error)";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("migrate creates the latest schema on an empty database") {
  PgConnection connection = connect_to(fresh_database("schema_empty"));
  CHECK(schema_version(connection) == 0);
  const MigrationOutcome outcome = migrate(connection);
  CHECK(outcome.found_version == 0);
  CHECK(outcome.version == fleet_schema_version());
  CHECK(outcome.applied == std::vector<int>{1, 2});
  CHECK(schema_version(connection) == fleet_schema_version());
  CHECK_NOTHROW(require_schema_version(connection));
  for (const char* table : {"jobs", "trials", "hook_runs", "goal_values", "testers"}) {
    CAPTURE(table);
    CHECK(has_table(connection, table));
  }
}

TEST_CASE("migrating a database of the latest version again changes nothing") {
  PgConnection connection = connect_to(fresh_database("schema_twice"));
  migrate(connection);
  const MigrationOutcome again = migrate(connection);
  CHECK(again.found_version == fleet_schema_version());
  CHECK(again.version == fleet_schema_version());
  CHECK(again.applied.empty());
  CHECK(scalar(connection, "SELECT count(*) FROM trex_search_schema") ==
        std::to_string(fleet_schema_version()));
}

TEST_CASE("a version 1 database with data migrates to the latest, keeping it and filling testers") {
  PgConnection connection = connect_to(fresh_database("schema_from_1"));
  CHECK(migrate(connection, {}, 1).applied == std::vector<int>{1});
  CHECK_FALSE(has_table(connection, "testers"));
  CHECK(contains(error_text([&] { require_schema_version(connection); }), "version 1"));
  insert_job(connection, "tester-a", 1, "nightly", "mlr", "tb1", "2026-03-01T02:00:00Z");
  insert_job(connection, "tester-a", 2, "nightly", "mlr", "tb1", "2026-03-02T02:00:00Z");
  insert_job(connection, "tester-b", 7, "soak", "plr", std::nullopt, "2026-03-01T03:00:00Z");
  insert_trial(connection, "tester-a", 1, 1, 1e6, 0.0, "2026-03-01T02:01:00Z");
  insert_trial(connection, "tester-a", 1, 2, 2e6, 0.01, "2026-03-01T02:02:00Z");
  insert_goal_value(connection, "tester-a", 1, "NDR", 1e6, 0.99e6, 1.01e6);

  const MigrationOutcome outcome = migrate(connection);
  CHECK(outcome.found_version == 1);
  CHECK(outcome.applied == std::vector<int>{2});
  CHECK_NOTHROW(require_schema_version(connection));
  CHECK(scalar(connection, "SELECT count(*) FROM jobs") == "3");
  CHECK(scalar(connection, "SELECT count(*) FROM trials") == "2");
  CHECK(scalar(connection, "SELECT value FROM goal_values WHERE goal = 'NDR'") == "1000000");
  const auto testers = connection.exec(
      "SELECT tester, daemon_version, first_seen <= last_seen FROM testers ORDER BY tester");
  REQUIRE(testers.rows.size() == 2);
  CHECK(testers.rows[0][0] == "tester-a");
  CHECK(testers.rows[0][1] == "0.9.0");
  CHECK(testers.rows[0][2] == "t");
  CHECK(testers.rows[1][0] == "tester-b");
}

TEST_CASE("a database newer than this program is refused, naming both versions") {
  PgConnection connection = connect_to(fresh_database("schema_newer"));
  migrate(connection);
  const std::string newer = std::to_string(fleet_schema_version() + 1);
  connection.exec("INSERT INTO trex_search_schema(version, summary) VALUES ($1, 'from the future')",
                  {newer});
  const std::string refused = error_text([&] { migrate(connection); });
  CAPTURE(refused);
  CHECK(contains(refused, "version " + newer));
  CHECK(contains(refused, std::to_string(fleet_schema_version())));
  CHECK(contains(error_text([&] { require_schema_version(connection); }), "version " + newer));
  // Refused inside its transaction: nothing changed, the connection goes on.
  CHECK(scalar(connection, "SELECT max(version) FROM trex_search_schema") == newer);
}

TEST_CASE("two connections migrating an empty database at once both succeed, applied once") {
  const std::string conninfo = fresh_database("schema_race");
  auto migrating = [&] {
    PgConnection connection = connect_to(conninfo);
    return migrate(connection);
  };
  auto first = std::async(std::launch::async, migrating);
  auto second = std::async(std::launch::async, migrating);
  const MigrationOutcome a = first.get();
  const MigrationOutcome b = second.get();
  CHECK(a.version == fleet_schema_version());
  CHECK(b.version == fleet_schema_version());
  CHECK(a.applied.size() + b.applied.size() == 2);  // {1, 2} by one of them, none by the other
  PgConnection check = connect_to(conninfo);
  CHECK(scalar(check, "SELECT count(*) FROM trex_search_schema") ==
        std::to_string(fleet_schema_version()));
}
