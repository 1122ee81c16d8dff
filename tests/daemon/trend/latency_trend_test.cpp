#include "daemon/latency/latency_trend.hpp"

#include <doctest/doctest.h>

#include <json/value.h>

#include "daemon/codec/latency_codec.hpp"

namespace trexsearch::latency {
namespace {

measure::DirectionLatency direction(const std::string& name, std::uint64_t p99_us) {
  measure::DirectionLatency latency;
  latency.name = name;
  latency.summary.p99_us = p99_us;
  latency.summary.resolution_us = 1;
  return latency;
}

// One trial a minute; P99 of trial i given by `p99(i)`.
template <typename P99>
std::vector<LatencyAtTime> series(std::size_t trials, P99 p99) {
  std::vector<LatencyAtTime> out;
  for (std::size_t i = 0; i < trials; ++i) {
    out.push_back({60.0 * static_cast<double>(i + 1), {direction("0->1", p99(i))}});
  }
  return out;
}

}  // namespace

TEST_CASE("a P99 that grows over the soak is flagged, with the growth and the slope") {
  // 20 us creeping to 40 us over 40 trials, +-2 us of noise.
  const LatencyTrend trend = latency_trend(series(40, [](std::size_t i) {
    return static_cast<std::uint64_t>(20 + i / 2 + (i % 2 == 0 ? 2 : 0));
  }));
  REQUIRE(trend.directions.size() == 1);
  const DirectionLatencyTrend& d = trend.directions[0];
  CHECK(d.judged);
  CHECK(d.flagged);
  CHECK(trend.flagged());
  CHECK(d.points == 40);
  CHECK(d.growth_us > d.threshold_us);
  CHECK(d.last_quarter_us > d.first_quarter_us + 10.0);
  CHECK(d.slope_us_per_hour > 0.0);
}

TEST_CASE("a flat P99, however noisy, is not flagged") {
  // 30 us +-10 us in a pattern that repeats every 7 trials: no drift.
  const int wobble[] = {0, 10, -10, 5, -5, 8, -8};
  const LatencyTrend trend = latency_trend(series(56, [&](std::size_t i) {
    const int us = 30 + wobble[i % 7];
    return static_cast<std::uint64_t>(us);
  }));
  REQUIRE(trend.directions.size() == 1);
  CHECK(trend.directions[0].judged);
  CHECK_FALSE(trend.directions[0].flagged);
  CHECK_FALSE(trend.flagged());
}

TEST_CASE("one slow trial at the end of a flat soak does not flag it") {
  const LatencyTrend trend = latency_trend(
      series(24, [](std::size_t i) { return static_cast<std::uint64_t>(i == 23 ? 500 : 25); }));
  CHECK_FALSE(trend.flagged());
  CHECK(trend.directions[0].growth_us == doctest::Approx(0.0));
}

TEST_CASE("a 1 us creep at 1 us resolution is not flagged; too few trials are not judged") {
  const LatencyTrend creep = latency_trend(
      series(40, [](std::size_t i) { return static_cast<std::uint64_t>(i < 20 ? 20 : 21); }));
  CHECK_FALSE(creep.flagged());
  const LatencyTrend short_soak = latency_trend(series(
      kMinTrendPoints - 1, [](std::size_t i) { return static_cast<std::uint64_t>(10 * (i + 1)); }));
  CHECK_FALSE(short_soak.directions[0].judged);
  CHECK_FALSE(short_soak.flagged());
}

TEST_CASE("directions are judged apart: only the drifting one is flagged") {
  std::vector<LatencyAtTime> trials;
  for (std::size_t i = 0; i < 32; ++i) {
    trials.push_back(
        {static_cast<double>(i), {direction("0->1", 20), direction("1->0", 20 + 2 * i)}});
  }
  const LatencyTrend trend = latency_trend(trials);
  REQUIRE(trend.directions.size() == 2);
  CHECK(trend.directions[0].direction == "0->1");
  CHECK_FALSE(trend.directions[0].flagged);
  CHECK(trend.directions[1].flagged);
  // The JSON names docs/latency.md documents, and back.
  const Json::Value json = codec::encode_latency_trend(trend);
  CHECK(json["percentile"].asString() == "p99");
  CHECK(json["flagged"].asBool());
  CHECK(json["directions"][1]["growth_us"].asDouble() > 0.0);
  const LatencyTrend decoded = codec::decode_latency_trend(json, "latency_trend");
  CHECK(decoded.flagged());
  CHECK(decoded.directions[1].last_quarter_us == trend.directions[1].last_quarter_us);
}

}  // namespace trexsearch::latency
