// compare's and trend's data steps on constructed `result` replies: which value a
// result gives, the spread rule, what counts as a regression, what a series groups.
#include <doctest/doctest.h>

#include "daemon/cli/analysis/comparison_json_codec.hpp"
#include "daemon/cli/analysis/job_comparison.hpp"
#include "daemon/cli/analysis/trend_format.hpp"
#include "daemon/cli/analysis/trend_json_codec.hpp"
#include "daemon/cli/analysis/trend_series.hpp"
#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/replies/job_values.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"
#include "daemon/protocol/replies/job_summary_codec.hpp"
#include "daemon/protocol/replies/reply_codec.hpp"

namespace trexsearch::cli {
namespace {

protocol::JobSummary job_summary(std::int64_t id, const std::string& method,
                                 const std::string& state) {
  protocol::JobSummary job;
  job.id = id;
  job.name = "nightly";
  job.method = method;
  job.state = *protocol::job_state_from_string(state);
  job.reason = state == "finished" ? "" : "cancelled by uid 0";
  job.created_at = "2026-11-25T00:00:0" + std::to_string(id % 10) + "Z";
  return job;
}

/// The `JOB` object as the daemon writes it.
Json::Value job_object(std::int64_t id, const std::string& method, const std::string& state) {
  return protocol::encode_job_summary(job_summary(id, method, state));
}

/// What compare and trend do with a reply: read it through the protocol's codecs
/// (a job without a result, which `result` refuses: its JOB object alone).
JobValues job_values(const Json::Value& reply) {
  if (!reply["result"].isObject()) {
    JobValues values = cli::job_values(protocol::decode_job_summary(reply["job"], "arguments.job"));
    values.line_rate = protocol::decode_line_rate_facts(reply["line_rate"], "arguments.line_rate");
    return values;
  }
  return cli::job_values(
      protocol::decode_reply<protocol::ResultReply>(protocol::make_document(reply)));
}

/// A finished MLR job with one goal NDR of these bounds and conditional throughput.
Json::Value mlr_reply(std::int64_t id, double lower, double upper, double throughput,
                      bool tester_limited = false) {
  Json::Value reply(Json::objectValue);
  reply["job"] = job_object(id, "mlr", "finished");
  Json::Value goal(Json::objectValue);
  goal["name"] = "NDR";
  goal["goal"]["loss_ratio"] = 0.0;
  goal["relevant_lower_bound"] = lower;
  goal["relevant_upper_bound"] = upper;
  goal["conditional_throughput"] = throughput;
  goal["regular"] = true;
  if (tester_limited) {
    goal["tester_limited"]["reached_pps"] = upper;
    goal["tester_limited"]["trials"] = 3;
  }
  reply["result"]["stop_reason"] = "completed";
  reply["result"]["goals"].append(goal);
  reply["line_rate"]["line_rate_pps"] = 2e6;
  reply["line_rate"]["frame_bytes"] = 64.0;
  reply["line_rate"]["port_speed_gbps"] = 1.344;
  return reply;
}

Json::Value plr_reply(std::int64_t id, double average, double stdev) {
  Json::Value reply(Json::objectValue);
  reply["job"] = job_object(id, "plr", "finished");
  reply["result"]["estimate"]["average"] = average;
  reply["result"]["estimate"]["stdev"] = stdev;
  reply["result"]["estimate"]["lower"] = average - stdev;
  reply["result"]["estimate"]["upper"] = average + stdev;
  reply["result"]["tester_limited"] = false;
  return reply;
}

Json::Value cancelled_reply(std::int64_t id) {
  Json::Value reply(Json::objectValue);
  reply["job"] = job_object(id, "mlr", "cancelled");
  return reply;
}

TEST_CASE("An MLR goal's value is its conditional throughput, its spread the relevant bounds") {
  const JobValues job = job_values(mlr_reply(1, 990.0, 1000.0, 985.0));
  REQUIRE(job.has_values);
  REQUIRE(job.goals.size() == 1);
  const GoalValue& ndr = job.goals[0];
  CHECK(ndr.goal == "NDR");
  CHECK(ndr.value_pps == 985.0);
  CHECK(ndr.value_kind == "conditional_throughput");
  CHECK(ndr.spread_low_pps == 990.0);
  CHECK(ndr.spread_high_pps == 1000.0);
  CHECK(ndr.clean());
  CHECK(percent_of_line_rate(1e6, job.line_rate) == "50.000 %");
}

TEST_CASE("A result without conditional throughput falls back to the lower bound") {
  Json::Value reply = mlr_reply(1, 990.0, 1000.0, 0.0);
  reply["result"]["goals"][0]["conditional_throughput"] = Json::Value();
  const GoalValue ndr = job_values(reply).goals[0];
  CHECK(ndr.value_pps == 990.0);
  CHECK(ndr.value_kind == "relevant_lower_bound");
}

TEST_CASE("Tester-limited and stopped-early MLR values are not clean, and say why") {
  CHECK(job_values(mlr_reply(1, 990.0, 1000.0, 985.0, true)).goals[0].unclean_reason ==
        "tester-limited");
  Json::Value stopped = mlr_reply(1, 990.0, 1000.0, 985.0);
  stopped["result"]["stop_reason"] = "fail_fast";
  CHECK(job_values(stopped).goals[0].unclean_reason == "search stopped early (fail_fast)");
  Json::Value irregular = mlr_reply(1, 900.0, 1000.0, 885.0);
  irregular["result"]["goals"][0]["regular"] = false;
  irregular["result"]["goals"][0]["irregular_reason"] = "width_not_reached";
  CHECK(job_values(irregular).goals[0].unclean_reason == "irregular: width_not_reached");
}

TEST_CASE("A PLR value is the estimate's average, its spread -+ one stdev") {
  const GoalValue estimate = job_values(plr_reply(3, 1e6, 500.0)).goals[0];
  CHECK(estimate.goal == "estimate");
  CHECK(estimate.value_pps == 1e6);
  CHECK(estimate.spread_low_pps == 999500.0);
  CHECK(estimate.spread_high_pps == 1000500.0);
  CHECK(estimate.stdev_pps == 500.0);
}

TEST_CASE("A cancelled job gives no values, whatever partial result it kept") {
  Json::Value reply = cancelled_reply(4);
  reply["result"] = mlr_reply(4, 1.0, 2.0, 1.0)["result"];
  const JobValues job = job_values(reply);
  CHECK_FALSE(job.has_values);
  CHECK(job.goals.empty());
  CHECK(job.state == "cancelled");
}

TEST_CASE("The spread rule: beyond only when the two intervals are disjoint") {
  const auto value = [](double low, double high) {
    GoalValue v;
    v.spread_low_pps = low;
    v.spread_high_pps = high;
    return v;
  };
  CHECK_FALSE(beyond_spread(value(990, 1000), value(995, 1005)));  // overlapping
  CHECK_FALSE(beyond_spread(value(990, 1000), value(980, 990)));   // touching
  CHECK(beyond_spread(value(990, 1000), value(970, 989.9)));       // below
  CHECK(beyond_spread(value(990, 1000), value(1000.1, 1010)));     // above
  CHECK_FALSE(beyond_spread(value(990, 1000), GoalValue{}));       // unknown spread
}

TEST_CASE("compare: the difference to the first job, a regression only between clean values") {
  const Comparison comparison = compare_jobs({job_values(mlr_reply(1, 990.0, 1000.0, 985.0)),
                                              job_values(mlr_reply(2, 992.0, 1002.0, 990.0)),
                                              job_values(mlr_reply(3, 880.0, 890.0, 886.5)),
                                              job_values(mlr_reply(4, 880.0, 890.0, 886.5, true)),
                                              job_values(cancelled_reply(5))});
  REQUIRE(comparison.goals.size() == 1);
  const auto& values = comparison.goals[0].values;
  REQUIRE(values.size() == 5);
  CHECK_FALSE(values[0].difference_pps.has_value());
  CHECK(values[1].difference_pps == 5.0);
  CHECK_FALSE(values[1].beyond_spread);
  CHECK(values[2].difference_pps == -98.5);
  CHECK(*values[2].difference_percent == doctest::Approx(-10.0));
  CHECK(values[2].beyond_spread);
  CHECK(values[2].regression);
  CHECK(values[3].beyond_spread);
  CHECK_FALSE(values[3].regression);  // tester-limited: the tester's number, not the SUT's
  CHECK_FALSE(values[4].value.has_value());
  CHECK(comparison.regression);
}

TEST_CASE("compare refuses two jobs, mixed methods and other goals, naming them") {
  CHECK_THROWS_AS(compare_jobs({job_values(mlr_reply(1, 1, 2, 1))}), UsageError);
  CHECK_THROWS_WITH(
      compare_jobs({job_values(mlr_reply(1, 1, 2, 1)), job_values(plr_reply(2, 1, 1))}),
      "job 2 is a plr job but job 1 is mlr: compare jobs of one method");
  Json::Value other = mlr_reply(2, 1, 2, 1);
  other["result"]["goals"][0]["goal"]["loss_ratio"] = 0.01;
  CHECK_THROWS_WITH(compare_jobs({job_values(mlr_reply(1, 1, 2, 1)), job_values(other)}),
                    "goal NDR: loss_ratio is 0.0 in job 1 but 0.01 in job 2: compare jobs that "
                    "searched the same goals");
  other = mlr_reply(2, 1, 2, 1);
  other["result"]["goals"][0]["name"] = "PDR";
  CHECK_THROWS_WITH(compare_jobs({job_values(mlr_reply(1, 1, 2, 1)), job_values(other)}),
                    "job 2 has goals PDR but job 1 has NDR: compare jobs that searched the same "
                    "goals");
}

TEST_CASE("compare --json carries the stored goal definition and the reply's line rate") {
  const Json::Value first = mlr_reply(1, 990.0, 1000.0, 985.0);
  const Json::Value mlr = encode_comparison(
      compare_jobs({job_values(first), job_values(mlr_reply(2, 992.0, 1002.0, 990.0))}));
  CHECK(mlr["goals"][0]["definition"] == first["result"]["goals"][0]["goal"]);
  CHECK(mlr["jobs"][0]["line_rate"] == first["line_rate"]);
  const Json::Value plr = encode_comparison(
      compare_jobs({job_values(plr_reply(3, 1e6, 500.0)), job_values(plr_reply(4, 1e6, 400.0))}));
  CHECK(plr["goals"][0]["definition"].isNull());  // PLR has no goal definition
  CHECK(plr["jobs"][0]["line_rate"].isNull());
}

TEST_CASE("The trend key is the job's name") {
  CHECK(trend_key(job_summary(1, "mlr", "finished")) == "nightly");
}

TEST_CASE("A trend groups the clean values only, unless asked, and keeps every job as a point") {
  std::vector<JobValues> jobs;
  std::int64_t id = 1;
  for (double value : {1000.0, 1000.0, 1000.0, 1000.0}) {
    jobs.push_back(job_values(mlr_reply(id++, value, value * 1.005, value)));
  }
  jobs.push_back(job_values(mlr_reply(id++, 500.0, 502.0, 500.0, true)));  // tester-limited
  jobs.push_back(job_values(cancelled_reply(id++)));
  const std::vector<TrendSeries> clean = build_trend(jobs, {});
  REQUIRE(clean.size() == 1);
  CHECK(clean[0].points.size() == 6);
  CHECK(clean[0].grouped_count == 4);
  CHECK(clean[0].groups.size() == 1);
  CHECK(clean[0].verdict == TrendVerdict::stable);
  CHECK_FALSE(clean[0].points[4].grouped);
  CHECK_FALSE(clean[0].points[5].value.has_value());
  CHECK_FALSE(trend_regressed(clean));

  TrendSettings include;
  include.include_unclean = true;
  const std::vector<TrendSeries> all = build_trend(jobs, include);
  CHECK(all[0].grouped_count == 5);
  REQUIRE(all[0].groups.size() == 2);
  CHECK(all[0].groups[1].first_job == 5);
  CHECK(all[0].verdict == TrendVerdict::regression);
  CHECK(*all[0].groups[1].change_percent == doctest::Approx(-50.0));
  CHECK(trend_regressed(all));
  CHECK(encode_trend("nightly", all)["series"][0]["points"][4]["group"].asUInt64() == 2);
}

TEST_CASE("A trend with fewer than two usable values says so") {
  const std::vector<TrendSeries> series = build_trend(
      {job_values(mlr_reply(1, 990.0, 1000.0, 985.0)), job_values(cancelled_reply(2))}, {});
  REQUIRE(series.size() == 1);
  CHECK(series[0].verdict == TrendVerdict::too_few);
  CHECK(series[0].groups.empty());
  CHECK(format_trend("nightly", series)
            .find("verdict: too few results to group (1 usable, at "
                  "least 2 needed)") != std::string::npos);
}

TEST_CASE("A trend for a goal no job has is refused with the goals there are") {
  TrendSettings settings;
  settings.goal = "PDR";
  CHECK_THROWS_WITH_AS(build_trend({job_values(mlr_reply(1, 1, 2, 1))}, settings),
                       "--goal 'PDR': no result of these jobs has it (goals: NDR)", BadInputError);
}

}  // namespace
}  // namespace trexsearch::cli
