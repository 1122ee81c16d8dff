#include "sim/sut_measurer.hpp"

#include <doctest/doctest.h>

#include <stop_token>

#include "measure/errors.hpp"
#include "measure/latency_histogram.hpp"
#include "measure/trial_result.hpp"

namespace trexsearch::sim {

TEST_CASE("SutMeasurer runs one model trial per measurement and adds its overhead") {
  SutMeasurer measurer(make_sut("sharp", {{"capacity_pps", 1e6}}, 0), measure::Seconds{0.5});
  const measure::TrialOutcome outcome = measurer.measure(measure::Seconds{2.0}, 1.5e6, {});
  CHECK(outcome.offered_count == 3000000);
  CHECK(outcome.loss_count == 1000000);
  REQUIRE(outcome.effective_duration.has_value());
  CHECK(outcome.effective_duration->count() == 2.5);
  // The outcome is a valid trial result with the draft's loss ratio.
  const measure::TrialResult result =
      measure::TrialResult::from_outcome(1.5e6, measure::Seconds{2.0}, outcome);
  CHECK(result.loss_ratio() == doctest::Approx(1.0 / 3.0));
  CHECK(result.effective_duration().count() == 2.5);
  CHECK(measurer.model().true_capacity_pps() == 1e6);
  CHECK(measurer.overhead().count() == 0.5);
}

TEST_CASE("SutMeasurer without overhead reports the intended duration") {
  SutMeasurer measurer(make_sut("noisy", {}, 1));
  const measure::TrialOutcome outcome = measurer.measure(measure::Seconds{1.0}, 1e6, {});
  CHECK(outcome.effective_duration->count() == 1.0);
  CHECK(outcome.loss_count == 0);
}

TEST_CASE("SutMeasurer honours a triggered stop token") {
  SutMeasurer measurer(make_sut("sharp", {}, 0));
  std::stop_source source;
  source.request_stop();
  CHECK_THROWS_AS(measurer.measure(measure::Seconds{1.0}, 1e6, source.get_token()),
                  measure::MeasurementCancelled);
}

TEST_CASE("SutMeasurer rejects a missing model and a bad overhead") {
  CHECK_THROWS_WITH_AS(SutMeasurer(nullptr), doctest::Contains("sut"), measure::ConfigError);
  CHECK_THROWS_WITH_AS(SutMeasurer(make_sut("sharp", {}, 0), measure::Seconds{-1.0}),
                       doctest::Contains("trial_overhead = -1"), measure::ConfigError);
}

}  // namespace trexsearch::sim

namespace trexsearch::sim {
namespace {

SutMeasurer latency_measurer(SutOptions options, std::uint64_t seed = 3) {
  options.emplace("capacity_pps", 1e6);
  options.emplace("latency_rate_pps", 9000.0);
  return SutMeasurer(make_sut("sharp", options, seed));
}

}  // namespace

TEST_CASE("SutMeasurer sends latency streams only with latency_rate_pps") {
  SutMeasurer plain(make_sut("sharp", {{"latency_base_us", 30.0}}, 0));
  CHECK_FALSE(plain.has_latency_streams());
  CHECK_THROWS_WITH_AS(plain.measure_latency(measure::Seconds{1.0}, 1e6, {}),
                       doctest::Contains("no latency streams"), measure::MeasurementError);
  SutMeasurer measurer = latency_measurer({});
  CHECK(measurer.has_latency_streams());
  CHECK(measurer.measure(measure::Seconds{1.0}, 5e5, {})
            .latency.empty());  // search trials: main only
}

TEST_CASE("A latency trial reports both directions, main counts at load minus the stream") {
  SutMeasurer measurer = latency_measurer({{"latency_base_us", 30.0}, {"latency_tail_ratio", 0.0}});
  const measure::TrialOutcome outcome =
      measurer.measure_latency(measure::Seconds{5.0}, 509000.0, {});
  CHECK(outcome.offered_count == 2'500'000);  // (509000 - 9000) * 5
  CHECK(outcome.loss_count == 0);
  REQUIRE(outcome.latency.size() == 2);
  CHECK(outcome.latency[0].name == "0->1");
  CHECK(outcome.latency[1].name == "1->0");
  for (const auto& direction : outcome.latency) {
    CAPTURE(direction.name);
    CHECK(direction.rate_pps == 9000.0);
    CHECK(direction.sent == 45000);
    CHECK(direction.received == 45000);
    CHECK(direction.summary.method == measure::PercentileMethod::hdrh);
    CHECK(direction.summary.samples == 45000);
    CHECK(direction.summary.min_us == 30);
    CHECK(direction.summary.p50_us.has_value());
    CHECK(direction.summary.p999_us.has_value());
    CHECK(*direction.summary.p50_us <= *direction.summary.p90_us);
    CHECK(*direction.summary.p90_us <= *direction.summary.p99_us);
    CHECK(*direction.summary.p99_us <= *direction.summary.p999_us);
    CHECK(*direction.summary.p999_us <= direction.summary.max_us);
    // The stored histogram recomputes the summary.
    CHECK(measure::LatencyHistogram::decode(direction.hdrh).total() == 45000);
    CHECK_FALSE(direction.buckets.empty());
  }
  // Directions draw independently.
  CHECK(outcome.latency[0].hdrh != outcome.latency[1].hdrh);
  // It is a valid trial result.
  CHECK(measure::TrialResult::from_outcome(509000.0, measure::Seconds{5.0}, outcome)
            .latency()
            .size() == 2);
}

TEST_CASE("A latency trial at the stream's rate is idle; below it is refused") {
  SutMeasurer measurer = latency_measurer({{"latency_base_us", 12.0}, {"latency_tail_ratio", 0.0}});
  const measure::TrialOutcome idle = measurer.measure_latency(measure::Seconds{5.0}, 9000.0, {});
  CHECK(idle.offered_count == 0);
  CHECK(*idle.latency[0].summary.p99_us == 12);
  CHECK_THROWS_WITH_AS(measurer.measure_latency(measure::Seconds{5.0}, 8999.0, {}),
                       doctest::Contains("8999 pps is below the latency streams' rate 9000 pps"),
                       measure::MeasurementError);
  std::stop_source source;
  source.request_stop();
  CHECK_THROWS_AS(measurer.measure_latency(measure::Seconds{1.0}, 1e5, source.get_token()),
                  measure::MeasurementCancelled);
}

TEST_CASE("Latency at 90 % of capacity is above latency at 10 %") {
  SutMeasurer low = latency_measurer({});
  SutMeasurer high = latency_measurer({});
  const auto at_10 = low.measure_latency(measure::Seconds{5.0}, 1e5, {}).latency[0].summary;
  const auto at_90 = high.measure_latency(measure::Seconds{5.0}, 9e5, {}).latency[0].summary;
  CHECK(*at_90.p50_us > *at_10.p50_us);
  CHECK(*at_90.p99_us > *at_10.p99_us);
  CHECK(at_90.mean_us > at_10.mean_us);
}

TEST_CASE("Latency-path loss never changes the main loss count") {
  // A lossy main path (noisy capacity) so that the main count depends on the draws.
  SutOptions common{{"capacity_pps", 1e6}, {"noise", 0.05}, {"latency_rate_pps", 9000.0}};
  SutOptions lossy_latency = common;
  lossy_latency["latency_loss_ratio"] = 0.5;
  SutMeasurer clean(make_sut("noisy", common, 4));
  SutMeasurer lossy(make_sut("noisy", lossy_latency, 4));
  for (const double load : {9.5e5, 1e6, 1.05e6}) {
    const measure::TrialOutcome a = clean.measure_latency(measure::Seconds{2.0}, load, {});
    const measure::TrialOutcome b = lossy.measure_latency(measure::Seconds{2.0}, load, {});
    CAPTURE(load);
    CHECK(a.offered_count == b.offered_count);
    CHECK(a.loss_count == b.loss_count);
    CHECK(b.latency[0].received < a.latency[0].received);
    CHECK(b.latency[0].errors.dropped > 0);
  }
}

TEST_CASE("Latency drift shows over simulated soak time, with no clock") {
  SutMeasurer measurer = latency_measurer({{"latency_base_us", 20.0},
                                           {"latency_tail_ratio", 0.0},
                                           {"latency_drift_us_per_hour", 10.0}});
  const auto first =
      measurer.measure_latency(measure::Seconds{60.0}, 9000.0, {}).latency[0].summary;
  for (int trial = 0; trial < 60; ++trial) (void)measurer.measure(measure::Seconds{60.0}, 5e5, {});
  CHECK(measurer.elapsed().count() == doctest::Approx(61 * 60.0));
  const auto later =
      measurer.measure_latency(measure::Seconds{60.0}, 9000.0, {}).latency[0].summary;
  CHECK(*first.p50_us == 20);
  CHECK(*later.p50_us == 30);  // 20 + 10 us/h * (3660 + 30) s / 3600
}

TEST_CASE("Latency options are validated with the model's name") {
  CHECK_THROWS_WITH_AS(
      make_sut("sharp", {{"latency_base_us", -1.0}}, 0),
      doctest::Contains("sharp.latency_base_us = -1: must be in [0, 1000000] [us]"),
      measure::ConfigError);
  CHECK_THROWS_WITH_AS(make_sut("soak", {{"latency_bse_us", 1.0}}, 0),
                       doctest::Contains("soak.latency_bse_us"), measure::ConfigError);
  CHECK_THROWS_WITH_AS(make_sut("sharp", {{"latency_loss_ratio", 1.5}}, 0),
                       doctest::Contains("latency_loss_ratio"), measure::ConfigError);
  const auto sut = make_sut("soak", {{"capacity_pps", 2e6}, {"latency_service_us", 7.0}}, 0);
  CHECK(sut->latency_options().parameters.service_us == 7.0);
  CHECK(sut->latency_options().stream_rate_pps == 0.0);
  CHECK(sut->service_capacity_pps() == 2e6);
}

}  // namespace trexsearch::sim
