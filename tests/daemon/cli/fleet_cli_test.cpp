// The fleet's pieces of `list`, `trend`, `compare` and `export --db` on data (docs/fleet.md):
// TESTER:ID references, one trend per tester and testbed, the tester in the records and
// tables. The database itself: tests/e2e/e2e_fleet_cli_test.cpp.
#include <doctest/doctest.h>
#include <json/reader.h>

#include <sstream>

#include "daemon/cli/analysis/comparison_format.hpp"
#include "daemon/cli/analysis/comparison_json_codec.hpp"
#include "daemon/cli/analysis/export_records_codec.hpp"
#include "daemon/cli/analysis/job_comparison.hpp"
#include "daemon/cli/analysis/trend_format.hpp"
#include "daemon/cli/analysis/trend_json_codec.hpp"
#include "daemon/cli/analysis/trend_scopes.hpp"
#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/command/job_reference.hpp"
#include "daemon/cli/replies/fleet_job_list_codec.hpp"
#include "daemon/cli/replies/job_list_format.hpp"

namespace trexsearch::cli {
namespace {

Json::Value parse(const std::string& text) {
  Json::Value value;
  std::istringstream stream(text);
  std::string errors;
  REQUIRE(Json::parseFromStream(Json::CharReaderBuilder(), stream, &value, &errors));
  return value;
}

SourcedJob sourced(std::optional<std::string> tester, std::int64_t id,
                   std::optional<std::string> testbed) {
  SourcedJob job;
  job.tester = std::move(tester);
  job.job.id = id;
  job.job.name = "nightly";
  job.job.method = "mlr";
  job.job.measurer = "trex";
  job.job.state = protocol::JobState::finished;
  job.job.created_at = "2026-11-25T00:00:00.000Z";
  job.job.testbed = std::move(testbed);
  return job;
}

/// A finished MLR job of one tester with one clean NDR value.
JobValues ndr_job(const std::string& tester, std::int64_t id, double value) {
  JobValues job;
  job.id = id;
  job.tester = tester;
  job.name = "nightly";
  job.method = "mlr";
  job.state = "finished";
  job.created_at = "2026-11-25T00:00:0" + std::to_string(id % 10) + ".000Z";
  job.has_values = true;
  GoalValue ndr;
  ndr.goal = "NDR";
  ndr.value_pps = value;
  ndr.value_kind = "conditional_throughput";
  ndr.spread_low_pps = value;
  ndr.spread_high_pps = value * 1.005;
  job.goals.push_back(ndr);
  return job;
}

/// `values` in order as one tester's series (ids from 1).
ScopedTrend tester_trend(const std::string& tester, const std::vector<double>& values) {
  std::vector<JobValues> jobs;
  ScopedTrend trend;
  trend.scope.tester = tester;
  for (std::size_t i = 0; i < values.size(); ++i) {
    jobs.push_back(ndr_job(tester, static_cast<std::int64_t>(i + 1), values[i]));
    trend.scope.jobs.push_back({tester, static_cast<std::int64_t>(i + 1)});
  }
  trend.series = build_trend(jobs, TrendSettings{});
  return trend;
}

std::vector<std::string> labels(const std::vector<TrendScope>& scopes) {
  std::vector<std::string> labels;
  for (const TrendScope& scope : scopes) labels.push_back(scope.label());
  return labels;
}

}  // namespace

TEST_CASE("A job reference is an id on one daemon and TESTER:ID in the fleet") {
  CHECK(parse_job_ref("42", false) == JobRef{std::nullopt, 42});
  CHECK(parse_job_ref("lab-3:42", true) == JobRef{"lab-3", 42});
  CHECK(parse_job_ref("42", true, "lab-3") == JobRef{"lab-3", 42});
  CHECK(parse_job_ref("lab-1:7", true, "lab-3") == JobRef{"lab-1", 7});
  // Split at the last ':', so a tester's name may hold one.
  CHECK(parse_job_ref("rack:2:7", true) == JobRef{"rack:2", 7});
  CHECK(to_string(JobRef{"lab-3", 42}) == "lab-3:42");
  CHECK(to_string(JobRef{std::nullopt, 42}) == "42");
}

TEST_CASE("A job reference that does not fit says what it needs") {
  CHECK_THROWS_WITH_AS(parse_job_ref("lab-3:42", false),
                       "JOB 'lab-3:42': TESTER:ID names a job in the fleet database; give --db",
                       UsageError);
  CHECK_THROWS_WITH_AS(parse_job_ref("42", true),
                       "JOB '42': with --db name a job as TESTER:ID (lab-3:42), or give --tester",
                       UsageError);
  CHECK_THROWS_AS(parse_job_ref(":42", true), UsageError);
  CHECK_THROWS_AS(parse_job_ref("lab-3:", true), UsageError);
  CHECK_THROWS_AS(parse_job_ref("lab-3:0", true), UsageError);
  CHECK_THROWS_AS(parse_job_ref("lab-3:4x", true), UsageError);
}

TEST_CASE("The fleet's trends: one per tester and testbed, by tester, no testbed first") {
  const std::vector<SourcedJob> named{
      sourced("lab-2", 5, "tb-b"), sourced("lab-2", 3, "tb-a"), sourced("lab-1", 9, "tb-a"),
      sourced("lab-2", 1, std::nullopt), sourced("lab-2", 2, "tb-a")};
  const std::vector<TrendScope> scopes = fleet_trend_scopes(named, std::nullopt, false);
  CHECK(labels(scopes) == std::vector<std::string>{
                              " on tester lab-1, testbed tb-a", " on tester lab-2, no testbed",
                              " on tester lab-2, testbed tb-a", " on tester lab-2, testbed tb-b"});
  REQUIRE(scopes.size() == 4);
  // Oldest first within a scope, whatever order the source gave.
  CHECK(scopes[2].jobs == std::vector<JobRef>{{"lab-2", 2}, {"lab-2", 3}});
  CHECK(scopes[0].jobs == std::vector<JobRef>{{"lab-1", 9}});

  const std::vector<TrendScope> one_testbed = fleet_trend_scopes(named, "tb-a", false);
  CHECK(labels(one_testbed) == std::vector<std::string>{" on tester lab-1, testbed tb-a",
                                                        " on tester lab-2, testbed tb-a"});

  const std::vector<TrendScope> per_tester = fleet_trend_scopes(named, std::nullopt, true);
  CHECK(labels(per_tester) ==
        std::vector<std::string>{" on tester lab-1, any testbed", " on tester lab-2, any testbed"});
  REQUIRE(per_tester.size() == 2);
  CHECK(per_tester[1].jobs ==
        std::vector<JobRef>{{"lab-2", 1}, {"lab-2", 2}, {"lab-2", 3}, {"lab-2", 5}});
}

TEST_CASE("One daemon's trend keeps its rule: the newest job's testbed, or the one asked for") {
  const std::vector<SourcedJob> named{sourced(std::nullopt, 1, "tb-a"),
                                      sourced(std::nullopt, 2, "tb-b"),
                                      sourced(std::nullopt, 3, "tb-a")};
  const TrendScope newest = daemon_trend_scope(named, std::nullopt, false);
  CHECK(newest.label() == " on testbed tb-a");
  CHECK(newest.jobs == std::vector<JobRef>{{std::nullopt, 1}, {std::nullopt, 3}});
  CHECK(daemon_trend_scope(named, "tb-b", false).jobs == std::vector<JobRef>{{std::nullopt, 2}});
  const TrendScope any = daemon_trend_scope(named, std::nullopt, true);
  CHECK(any.label().empty());
  CHECK(any.jobs.size() == 3);
}

TEST_CASE("trend --db names the testers whose newest group regressed; JSON labels each series") {
  const std::vector<ScopedTrend> trends{
      tester_trend("lab-1", {1e6, 1e6, 1e6, 1e6, 1e6, 1e6, 1e6}),
      tester_trend("lab-3", {1e6, 1e6, 1e6, 1e6, 1e6, 0.9e6, 0.9e6})};
  CHECK(any_regressed(trends));
  const std::string text = format_fleet_trend("nightly", trends);
  INFO(text);
  CHECK(text.find("trend of 'nightly on tester lab-1, no testbed', NDR (7 jobs, 7 grouped)") !=
        std::string::npos);
  CHECK(text.find("trend of 'nightly on tester lab-3, no testbed', NDR") != std::string::npos);
  CHECK(text.find("fleet: 'nightly' on 2 tester/testbed pairs: REGRESSION on tester lab-3, no "
                  "testbed (NDR)\n") != std::string::npos);

  const Json::Value json =
      parse(fleet_trend_json("nightly", trends, std::nullopt, std::nullopt, false));
  CHECK(json["fleet"].asBool());
  CHECK(json["regression"].asBool());
  CHECK(json["tester"].isNull());
  REQUIRE(json["series"].size() == 2);
  CHECK(json["series"][0]["tester"].asString() == "lab-1");
  CHECK(json["series"][0]["testbed"].isNull());
  CHECK(json["series"][0]["verdict"].asString() == "stable");
  CHECK_FALSE(json["series"][0]["regression"].asBool());
  CHECK(json["series"][1]["tester"].asString() == "lab-3");
  CHECK(json["series"][1]["regression"].asBool());
  CHECK(json["series"][1]["groups"].size() == 2);

  const std::vector<ScopedTrend> clean{trends.front()};
  CHECK_FALSE(any_regressed(clean));
  CHECK(format_fleet_trend("nightly", clean).find("pairs: no regression\n") != std::string::npos);
}

TEST_CASE("compare names fleet jobs TESTER:ID in its table and JSON") {
  const Comparison comparison =
      compare_jobs({ndr_job("lab-1", 4, 1e6), ndr_job("lab-3", 7, 0.9e6)});
  CHECK(comparison.regression);
  const std::string text = format_comparison(comparison);
  INFO(text);
  CHECK(text.find("job lab-1:4") != std::string::npos);
  CHECK(text.find("vs job lab-1:4") != std::string::npos);
  CHECK(text.find("REGRESSION: NDR of job lab-3:7 is 10.00 % below job lab-1:4") !=
        std::string::npos);
  const Json::Value json = parse(comparison_json(comparison));
  CHECK(json["base_tester"].asString() == "lab-1");
  CHECK(json["jobs"][1]["tester"].asString() == "lab-3");
  CHECK(json["goals"][0]["values"][1]["tester"].asString() == "lab-3");

  JobValues one_daemon = ndr_job("lab-1", 4, 1e6);
  one_daemon.tester.reset();
  const Json::Value plain = encode_comparison(compare_jobs({one_daemon, one_daemon}));
  CHECK_FALSE(plain.isMember("base_tester"));
  CHECK_FALSE(plain["jobs"][0].isMember("tester"));
}

TEST_CASE("export --db: a tester member on every JSON line, a tester column first in CSV") {
  ExportedJob job = listed_job(sourced(std::nullopt, 7, std::nullopt).job);
  job.trials.append(parse(R"({"number": 1, "load": 1000, "intended_duration": 1,
                              "loss_ratio": 0, "notes": []})"));
  const std::string plain_header = csv_header(ExportRecord::trial);
  CHECK(plain_header.starts_with("job,name,method,number,"));
  const std::string plain_row = csv_rows(ExportRecord::trial, job);
  CHECK(plain_row.starts_with("7,nightly,mlr,1,"));
  CHECK_FALSE(parse(job_json_line(job)).isMember("tester"));

  job.tester = "lab,3";  // a name CSV must quote
  CHECK(csv_header(ExportRecord::trial, true) == "tester," + plain_header);
  CHECK(csv_rows(ExportRecord::trial, job) == "\"lab,3\"," + plain_row);
  CHECK(csv_rows(ExportRecord::job, job).starts_with("\"lab,3\",7,nightly,"));
  CHECK(csv_header(ExportRecord::job, true).starts_with("tester,job,name,"));
  CHECK(parse(job_json_line(job))["tester"].asString() == "lab,3");
  CHECK(parse(trial_json_lines(job))["tester"].asString() == "lab,3");
  CHECK(parse(trial_json_lines(job))["job"].asInt64() == 7);
}

TEST_CASE("list --db: a TESTER column first, and a tester member in the JSON") {
  const std::vector<SourcedJob> jobs{sourced("lab-3", 42, "tb-a"),
                                     sourced("a-much-longer-tester", 1, std::nullopt)};
  const std::string text = format_job_list(jobs);
  INFO(text);
  CHECK(text.starts_with("TESTER                ID     STATE"));
  CHECK(text.find("\nlab-3                 42     finished") != std::string::npos);
  CHECK(text.find("TESTBED") != std::string::npos);
  const Json::Value json = parse(fleet_job_list_json(jobs));
  REQUIRE(json["jobs"].size() == 2);
  CHECK(json["jobs"][0]["tester"].asString() == "lab-3");
  CHECK(json["jobs"][0]["id"].asInt64() == 42);
  CHECK(json["jobs"][1]["tester"].asString() == "a-much-longer-tester");
}

}  // namespace trexsearch::cli
