#include "daemon/codec/latency_codec.hpp"

#include <doctest/doctest.h>

#include "daemon/codec/trial_detail_codec.hpp"
#include "measure/errors.hpp"

namespace trexsearch::codec {
namespace {

measure::DirectionLatency sample() {
  measure::DirectionLatency latency;
  latency.name = "0->1";
  latency.pg_id = 7;
  latency.rate_pps = 9000.0;
  latency.sent = 45000;
  latency.received = 44998;
  latency.errors.dropped = 2;
  latency.errors.out_of_order = 1;
  auto& summary = latency.summary;
  summary.samples = 44998;
  summary.min_us = 5;
  summary.mean_us = 12.6;
  summary.max_us = 210;
  summary.jitter_us = 3;
  summary.p50_us = 11;
  summary.p90_us = 17;
  summary.p99_us = 40;
  summary.p999_us = 120;
  summary.method = measure::PercentileMethod::hdrh;
  summary.resolution_us = 1;
  latency.hdrh = "HISTFAAAACx4nJNpmSzMwMDAxQABzFCaEUzOmNZg";
  latency.buckets = {{10, 40000}, {20, 4990}, {200, 8}};
  return latency;
}

}  // namespace

TEST_CASE("a direction's latency keeps every field, histograms included, for the store") {
  const Json::Value json = encode_direction_latency(sample(), LatencyHistograms::keep);
  CHECK(json["mean_us"].asDouble() == doctest::Approx(12.6));
  CHECK(json["hdrh"].asString() == sample().hdrh);
  CHECK(json["buckets"][2][0].asUInt64() == 200);
  const measure::DirectionLatency back = decode_direction_latency(json, "latency[0]");
  CHECK(back.name == "0->1");
  CHECK(back.pg_id == 7);
  CHECK(back.rate_pps == 9000.0);
  CHECK(back.received == 44998);
  CHECK(back.errors.dropped == 2);
  CHECK(back.errors.out_of_order == 1);
  CHECK(back.summary.p999_us == 120);
  CHECK(back.summary.jitter_us == 3);
  CHECK(back.summary.method == measure::PercentileMethod::hdrh);
  CHECK(back.hdrh == sample().hdrh);
  CHECK(back.buckets == sample().buckets);
}

TEST_CASE("replies carry integer microseconds under stable names, without histograms") {
  const Json::Value json = encode_direction_latency(sample(), LatencyHistograms::leave_out);
  for (const char* key : {"min_us", "mean_us", "max_us", "jitter_us", "p50_us", "p90_us", "p99_us",
                          "p999_us", "resolution_us"}) {
    INFO(key);
    CHECK(json[key].isIntegral());
  }
  CHECK(json["mean_us"].asUInt64() == 13);
  CHECK(json["lost"].asInt64() == 2);
  CHECK(json["method"].asString() == "hdrh");
  CHECK_FALSE(json.isMember("hdrh"));
  CHECK_FALSE(json.isMember("buckets"));
  measure::DirectionLatency without = sample();
  without.summary.p999_us.reset();
  CHECK(encode_direction_latency(without, LatencyHistograms::leave_out)["p999_us"].isNull());
}

TEST_CASE("a trial's detail carries its latency, and a bad stored value names its path") {
  measure::TrialOutcome outcome;
  outcome.latency = {sample()};
  const Json::Value detail = encode_trial_detail(outcome);
  REQUIRE(detail["latency"].size() == 1);
  measure::TrialOutcome back;
  decode_trial_detail(detail, back, "trial 3.detail");
  REQUIRE(back.latency.size() == 1);
  CHECK(back.latency[0].summary.p99_us == 40);
  CHECK_FALSE(encode_trial_detail(measure::TrialOutcome{}).isMember("latency"));

  Json::Value bad = encode_direction_latency(sample(), LatencyHistograms::keep);
  bad["p99_us"] = -3;
  try {
    (void)decode_direction_latency(bad, "trial 3.latency[0]");
    FAIL("accepted a negative percentile");
  } catch (const measure::ConfigError& error) {
    CHECK(std::string(error.what()).find("trial 3.latency[0].p99_us") != std::string::npos);
  }
}

TEST_CASE("latency points go into an MLR result and come back") {
  latency::LatencyPhaseResult phase;
  phase.points.push_back({"PDR",
                          0.5,
                          500000.0,
                          measure::Seconds{5.0},
                          40,
                          0.0,
                          {sample()},
                          measure::parse_notes({"note: x"})});
  phase.notes = {"NDR: skipped"};
  Json::Value result(Json::objectValue);
  encode_latency_phase(phase, result);
  CHECK(result["latency"][0]["load_pps"].asDouble() == 500000.0);
  CHECK(result["latency"][0]["directions"][0]["p99_us"].asUInt64() == 40);
  CHECK(result["latency_notes"][0].asString() == "NDR: skipped");
  const latency::LatencyPhaseResult back = decode_latency_phase(result, "result");
  REQUIRE(back.points.size() == 1);
  CHECK(back.points[0].goal == "PDR");
  CHECK(back.points[0].fraction == 0.5);
  CHECK(back.points[0].trial == 40);
  CHECK(back.points[0].directions[0].summary.p50_us == 11);
  CHECK(back.notes == phase.notes);
  CHECK(decode_latency_phase(Json::Value(Json::objectValue), "result").points.empty());
}

}  // namespace trexsearch::codec
