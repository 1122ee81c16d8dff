// MRR and soak specs (decoding, errors) and their results (summarize_fixed_load).
#include <doctest/doctest.h>

#include <cmath>

#include "daemon/codec/strict_json.hpp"
#include "daemon/model/fixed_load_result.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/spec/job_spec_codec.hpp"

namespace trexsearch::service {
namespace {

Json::Value json(std::string_view text) { return codec::parse_strict_json(text, "test"); }

constexpr std::string_view kSim = R"("measurer": {"kind": "sim", "model": "sharp",
    "options": {"capacity_pps": 1e6}})";

JobSpec decode(const std::string& method, const std::string& spec) {
  return decode_job_spec(
      json("{\"method\": \"" + method + "\", \"spec\": " + spec + ", " + std::string(kSim) + "}"));
}

std::string error_of(const std::string& method, const std::string& spec,
                     const std::string& extra = "") {
  try {
    decode_job_spec(json("{\"method\": \"" + method + "\", \"spec\": " + spec + ", " +
                         std::string(kSim) + extra + "}"));
  } catch (const RequestError& error) {
    CHECK(error.code() == ResultCode::bad_request);
    return error.what();
  }
  FAIL("expected an error for " << spec);
  return "";
}

// A bidirectional trial: each direction offered `offered`, received `received`.
StoredTrial trial(std::size_t number, std::int64_t offered, std::int64_t received,
                  double duration_s = 1.0, std::optional<double> tester_limited_pps = {}) {
  StoredTrial stored;
  stored.number = number;
  stored.trial.intended_load_pps = 1e6;
  stored.trial.intended_duration = measure::Seconds{duration_s};
  measure::TrialOutcome& outcome = stored.trial.outcome;
  outcome.directions = {{"0->1", offered, offered, received}, {"1->0", offered, offered, received}};
  outcome.offered_count = 2 * offered;
  outcome.loss_count = 2 * (offered - received);
  outcome.tester_limited_pps = tester_limited_pps;
  outcome.counters = "flow_stats";
  return stored;
}

}  // namespace

TEST_CASE("an MRR spec takes CSIT's defaults, 10 trials of 1 s, and round-trips") {
  const JobSpec spec = decode("mrr", R"({"load": 2e6})");
  CHECK(spec.method == SearchMethod::mrr);
  CHECK(spec.mrr.load_pps == 2e6);
  CHECK(spec.mrr.trial_count == 10);
  CHECK(spec.mrr.trial_duration == measure::Seconds{1.0});
  const Json::Value canonical = encode_job_spec(spec);
  CHECK(canonical["method"].asString() == "mrr");
  CHECK(encode_job_spec(decode_job_spec(canonical)) == canonical);
  const FixedLoadPlan plan = fixed_load_plan(spec);
  CHECK(plan.trial_count == 10);
  CHECK_FALSE(plan.loss_ratio_threshold.has_value());
}

TEST_CASE("a soak spec counts its intervals, rounding up, and keeps its threshold action") {
  const JobSpec spec = decode(
      "soak", R"({"load": 5e5, "interval": 60, "duration": 1800, "loss_ratio_threshold": 1e-6,
                  "on_threshold": "flag"})");
  CHECK(spec.method == SearchMethod::soak);
  CHECK(spec.soak.interval_count() == 30);
  const FixedLoadPlan plan = fixed_load_plan(spec);
  CHECK(plan.trial_count == 30);
  CHECK(plan.loss_ratio_threshold == 1e-6);
  CHECK_FALSE(plan.stop_on_threshold);
  CHECK(decode("soak", R"({"load": 5e5, "interval": 60, "duration": 61})").soak.interval_count() ==
        2);
  const JobSpec defaults = decode("soak", R"({"load": 5e5})");
  CHECK(defaults.soak.on_threshold == SoakAction::stop);
  CHECK(defaults.soak.loss_ratio_threshold == 0.0);
  const Json::Value canonical = encode_job_spec(spec);
  CHECK(encode_job_spec(decode_job_spec(canonical)) == canonical);
}

TEST_CASE("bad MRR and soak specs are refused naming the field and its value") {
  CHECK(error_of("mrr", "{}").find("spec.load") == 0);
  CHECK(error_of("mrr", R"({"load": -1})").find("spec.load = -1") == 0);
  CHECK(error_of("mrr", R"({"load": 1e6, "trials": 0})").find("spec.trials = 0") == 0);
  CHECK(error_of("mrr", R"({"load": 1e6, "trials": 2.5})").find("spec.trials = 2.5") == 0);
  CHECK(error_of("mrr", R"({"load": 1e6, "trial_duration": 0})").find("spec.trial_duration = 0") ==
        0);
  CHECK(error_of("mrr", R"({"load": 1e6, "goals": []})").find("spec.goals") != std::string::npos);
  CHECK(error_of("soak", R"({"load": 1e6, "interval": 60, "duration": 30})")
            .find("spec.duration = 30") == 0);
  CHECK(error_of("soak", R"({"load": 1e6, "on_threshold": "panic"})")
            .find("spec.on_threshold = \"panic\": must be \"stop\" or \"flag\"") == 0);
  CHECK(error_of("soak", R"({"load": 1e6, "loss_ratio_threshold": 1})")
            .find("spec.loss_ratio_threshold = 1") == 0);
  CHECK(error_of("mrr", R"({"load": 1e6})", R"(, "latency": true)").find("latency") == 0);
  CHECK(error_of("warp", R"({"load": 1e6})").find("method = \"warp\"") == 0);
}

TEST_CASE("an MRR result gives each trial's receive rate and their mean and population stdev") {
  const FixedLoadPlan plan = plan_of(MrrSpec{1e6, measure::Seconds{2.0}, 3});
  // Received per direction in 2 s: 1.0, 1.2 and 1.4 Mframes -> 0.5, 0.6, 0.7 Mpps.
  const std::vector<StoredTrial> trials{trial(1, 2'000'000, 1'000'000, 2.0),
                                        trial(2, 2'000'000, 1'200'000, 2.0),
                                        trial(3, 2'000'000, 1'400'000, 2.0)};
  const FixedLoadResult result = summarize_fixed_load(plan, trials, FixedLoadStop::completed, "");
  REQUIRE(result.trials.size() == 3);
  CHECK(result.trials[0].receive_rate_pps == doctest::Approx(1.0e6));
  CHECK(result.trials[2].direction_receive_rates_pps[1] == doctest::Approx(0.7e6));
  REQUIRE(result.receive_rate.has_value());
  CHECK(result.receive_rate->mean_pps == doctest::Approx(1.2e6));
  // Population stdev of 1.0, 1.2, 1.4 Mpps: sqrt(0.08/3) Mpps.
  CHECK(result.receive_rate->stdev_pps == doctest::Approx(std::sqrt(0.08 / 3.0) * 1e6));
  CHECK(result.receive_rate->min_pps == doctest::Approx(1.0e6));
  CHECK(result.receive_rate->max_pps == doctest::Approx(1.4e6));
  REQUIRE(result.directions.size() == 2);
  CHECK(result.directions[0].direction == "0->1");
  CHECK(result.directions[0].receive_rate.mean_pps == doctest::Approx(0.6e6));
  CHECK_FALSE(result.tester_limited());
  CHECK(result.counters == std::vector<std::string>{"flow_stats"});
  // Lost per direction: 1.0 + 0.8 + 0.6 of 3 x 2.0 Mframes.
  CHECK(result.sut_loss_ratio == doctest::Approx(2.4 / 6.0));
}

TEST_CASE("a tester-limited trial makes the MRR result not clean, with the lowest rate reached") {
  const FixedLoadPlan plan = plan_of(MrrSpec{1e6, measure::Seconds{1.0}, 3});
  const std::vector<StoredTrial> trials{trial(1, 1'000'000, 1'000'000),
                                        trial(2, 900'000, 900'000, 1.0, 9e5),
                                        trial(3, 800'000, 800'000, 1.0, 8e5)};
  const FixedLoadResult result = summarize_fixed_load(plan, trials, FixedLoadStop::completed, "");
  CHECK(result.tester_limited());
  CHECK(result.tester_limited_trials == 2);
  CHECK(result.tester_reached_pps == 8e5);
  CHECK(result.trials[1].tester_limited);
  CHECK_FALSE(result.trials[0].tester_limited);
}

TEST_CASE("soak intervals above the loss ratio threshold are counted, the first one named") {
  SoakSpec soak;
  soak.load_pps = 1e6;
  soak.duration = measure::Seconds{180.0};
  soak.loss_ratio_threshold = 0.01;
  const FixedLoadPlan plan = plan_of(soak);
  // 0 %, 2 % and exactly 1 % lost: only the 2 % interval is above the threshold.
  const std::vector<StoredTrial> trials{trial(1, 1000, 1000, 60.0), trial(2, 1000, 980, 60.0),
                                        trial(3, 1000, 990, 60.0)};
  const FixedLoadResult result = summarize_fixed_load(plan, trials, FixedLoadStop::completed, "");
  CHECK(result.intervals_over_threshold == 1);
  CHECK(result.first_over_threshold == 2);
  CHECK(result.trials[1].over_threshold);
  CHECK_FALSE(result.trials[2].over_threshold);
  CHECK(over_threshold(plan, trials[1]));
  CHECK_FALSE(over_threshold(plan_of(MrrSpec{}), trials[1]));
}

TEST_CASE("a fixed-load result of no trials has no receive rate rather than a zero one") {
  const FixedLoadResult result =
      summarize_fixed_load(plan_of(MrrSpec{}), {}, FixedLoadStop::cancelled, "");
  CHECK_FALSE(result.receive_rate.has_value());
  CHECK(result.directions.empty());
}

}  // namespace trexsearch::service
