#include <doctest/doctest.h>
#include <json/json.h>

#include <fstream>
#include <map>
#include <regex>

#include "daemon/fleet/fleet_schema.hpp"
#include "tests/daemon/fleet/fleet_test_support.hpp"
#include "tests/support/build_paths.hpp"

// etc/grafana/trex-search-fleet.json's SQL, run against the schema: every panel's query,
// every template variable's and every annotation's, with Grafana's macros and variables
// replaced as Grafana's PostgreSQL data source replaces them, on a few seeded jobs of two
// testers with one regression planted.
namespace {

using trexsearch::fleet::PgConnection;
using trexsearch::fleet::PgRows;
using namespace trexsearch::fleettest;

constexpr const char* kDashboard = "etc/grafana/trex-search-fleet.json";
constexpr const char* kRangeFrom = "'2026-01-01T00:00:00Z'";
constexpr const char* kRangeTo = "'2027-01-01T00:00:00Z'";

Json::Value read_dashboard() {
  std::ifstream in(trexsearch::testing::build_paths::source_file(kDashboard));
  REQUIRE_MESSAGE(in, "cannot read " << kDashboard);
  Json::Value dashboard;
  Json::CharReaderBuilder builder;
  std::string errors;
  REQUIRE_MESSAGE(Json::parseFromStream(builder, in, &dashboard, &errors), errors);
  return dashboard;
}

/// The values chosen for the template variables (several for multi-value ones).
const std::map<std::string, std::vector<std::string>>& variable_values() {
  static const std::map<std::string, std::vector<std::string>> values{
      {"name", {"nightly", "soak"}},        {"tester", {"t1", "t2"}}, {"testbed", {"tb1", "-"}},
      {"goal", {"NDR", "PDR", "estimate"}}, {"job", {"t1:2"}},
  };
  return values;
}

std::string replace_macros(std::string sql) {
  const std::string from = kRangeFrom;
  const std::string to = kRangeTo;
  sql = std::regex_replace(sql, std::regex(R"(\$__timeFilter\(([^)]*)\))"),
                           "$1 BETWEEN " + from + " AND " + to);
  sql = std::regex_replace(sql, std::regex(R"(\$__timeGroupAlias\(([^,)]*),[^)]*\))"),
                           "date_trunc('hour', $1) AS \"time\"");
  sql = std::regex_replace(sql, std::regex(R"(\$__timeGroup\(([^,)]*),[^)]*\))"),
                           "date_trunc('hour', $1)");
  sql = std::regex_replace(sql, std::regex(R"(\$__time\(([^)]*)\))"), "$1 AS \"time\"");
  sql = std::regex_replace(sql, std::regex(R"(\$__timeFrom\(\))"), from);
  sql = std::regex_replace(sql, std::regex(R"(\$__timeTo\(\))"), to);
  return sql;
}

/// A variable's text in SQL as Grafana's SQL data sources give it: multi-value and
/// include-all variables quoted and comma separated, single values as they are.
std::string variable_text(const Json::Value& variable) {
  const std::string name = variable["name"].asString();
  const auto found = variable_values().find(name);
  REQUIRE_MESSAGE(found != variable_values().end(), "no test value for variable " << name);
  if (!variable["multi"].asBool() && !variable["includeAll"].asBool()) return found->second.at(0);
  std::string list;
  for (const std::string& value : found->second) list += (list.empty() ? "'" : ", '") + value + "'";
  return list;
}

std::string expand(const std::string& sql, const Json::Value& dashboard) {
  std::string expanded = replace_macros(sql);
  for (const Json::Value& variable : dashboard["templating"]["list"]) {
    if (variable["type"].asString() == "datasource") continue;
    const std::string name = variable["name"].asString();
    const std::string text = variable_text(variable);
    expanded = std::regex_replace(expanded, std::regex("\\$\\{" + name + "(:[a-z]+)?\\}"), text);
    expanded = std::regex_replace(expanded, std::regex("\\$" + name + "\\b"), text);
  }
  CHECK_MESSAGE(expanded.find("$__") == std::string::npos, "a macro left in:\n" << expanded);
  CHECK_MESSAGE(!std::regex_search(expanded, std::regex(R"(\$\{?[A-Za-z])")),
                "a variable left in:\n"
                    << expanded);
  return expanded;
}

struct Query {
  std::string where;  ///< "panel 3 'Regressions...'", "variable name", ...
  std::string sql;
};

/// Every SQL text of the dashboard, panels in rows included.
std::vector<Query> queries(const Json::Value& dashboard) {
  std::vector<Query> found;
  std::vector<Json::Value> panels(dashboard["panels"].begin(), dashboard["panels"].end());
  for (std::size_t i = 0; i < panels.size(); ++i) {
    for (const Json::Value& inner : panels[i]["panels"]) panels.push_back(inner);
    for (const Json::Value& target : panels[i]["targets"]) {
      found.push_back(
          {"panel " + panels[i]["id"].asString() + " '" + panels[i]["title"].asString() + "'",
           target["rawSql"].asString()});
    }
  }
  for (const Json::Value& variable : dashboard["templating"]["list"]) {
    if (variable["type"].asString() != "query") continue;
    const Json::Value& query = variable["query"];
    found.push_back({"variable " + variable["name"].asString(),
                     query.isObject() ? query["rawSql"].asString() : query.asString()});
  }
  for (const Json::Value& annotation : dashboard["annotations"]["list"]) {
    if (annotation.isMember("target")) {
      found.push_back({"annotation " + annotation["name"].asString(),
                       annotation["target"]["rawSql"].asString()});
    }
  }
  return found;
}

// Two testers, two names. t1's nightly NDR falls beyond both runs' spread on job 2 (the
// planted regression); its PDR moves within the spread; t2's NDR falls on job 12 too, but
// that value is not clean; the soak's estimates stay within their stdev.
void seed(PgConnection& db) {
  insert_job(db, "t1", 1, "nightly", "mlr", "tb1", "2026-03-01T02:00:00Z");
  insert_job(db, "t1", 2, "nightly", "mlr", "tb1", "2026-03-02T02:00:00Z");
  insert_job(db, "t1", 3, "soak", "plr", "tb1", "2026-03-03T02:00:00Z");
  insert_job(db, "t1", 4, "soak", "plr", "tb1", "2026-03-05T02:00:00Z");
  insert_job(db, "t2", 11, "nightly", "mlr", std::nullopt, "2026-03-01T02:00:00Z");
  insert_job(db, "t2", 12, "nightly", "mlr", std::nullopt, "2026-03-02T02:00:00Z");
  insert_goal_value(db, "t1", 1, "NDR", 1.00e6, 0.99e6, 1.01e6);
  insert_goal_value(db, "t1", 1, "PDR", 1.20e6, 1.19e6, 1.21e6);
  insert_goal_value(db, "t1", 2, "NDR", 0.90e6, 0.89e6, 0.91e6);
  insert_goal_value(db, "t1", 2, "PDR", 1.195e6, 1.185e6, 1.205e6);
  insert_goal_value(db, "t1", 3, "estimate", 2.0e6, 1.9e6, 2.1e6, 0.1e6);
  insert_goal_value(db, "t1", 4, "estimate", 1.95e6, 1.85e6, 2.05e6, 0.1e6);
  insert_goal_value(db, "t2", 11, "NDR", 1.00e6, 0.99e6, 1.01e6);
  insert_goal_value(db, "t2", 12, "NDR", 0.50e6, 0.49e6, 0.51e6, std::nullopt, false);
  for (int trial = 1; trial <= 4; ++trial) {
    insert_trial(db, "t1", 2, trial, 0.8e6 + 0.05e6 * trial, trial < 3 ? 0.0 : 1e-4,
                 "2026-03-02T02:0" + std::to_string(trial) + ":00Z");
  }
  db.exec(
      "INSERT INTO testers(tester, daemon_version, first_seen, last_seen) VALUES "
      "('t1', '0.9.0', '2026-03-01', '2026-03-05'), ('t2', '0.9.0', '2026-03-01', '2026-03-02')");
}

}  // namespace

TEST_CASE("every query of the Grafana fleet dashboard runs on the schema") {
  const Json::Value dashboard = read_dashboard();
  PgConnection db = connect_to(fresh_database("grafana"));
  trexsearch::fleet::migrate(db);
  seed(db);
  const std::vector<Query> all = queries(dashboard);
  CHECK(all.size() >= 5 + 5);  // five panels, five variables
  for (const Query& query : all) {
    const std::string sql = expand(query.sql, dashboard);
    CAPTURE(query.where);
    CAPTURE(sql);
    PgRows rows;
    CHECK_NOTHROW(rows = db.exec(sql));
    CHECK_MESSAGE(!rows.rows.empty(), query.where << " returns nothing on the seeded rows");
  }
}

TEST_CASE("the dashboard's regression panel finds the planted regression and nothing else") {
  const Json::Value dashboard = read_dashboard();
  PgConnection db = connect_to(fresh_database("grafana_regression"));
  trexsearch::fleet::migrate(db);
  seed(db);
  std::optional<Query> panel;
  for (const Query& query : queries(dashboard)) {
    if (query.where.find("Regressions") != std::string::npos && query.where.starts_with("panel")) {
      panel = query;
    }
  }
  REQUIRE_MESSAGE(panel, "no panel titled 'Regressions...' in " << kDashboard);
  const PgRows rows = db.exec(expand(panel->sql, dashboard));
  REQUIRE(rows.rows.size() == 1);
  const auto& row = rows.rows[0];
  CHECK(row.at(rows.column("tester")) == "t1");
  CHECK(row.at(rows.column("goal")) == "NDR");
  CHECK(row.at(rows.column("job")) == "2");
  CHECK(row.at(rows.column("previous job")) == "1");
  CHECK(row.at(rows.column("change %")) == "-10.00");
  CHECK(row.at(rows.column("time")).value_or("").starts_with("2026-03-02"));
}
