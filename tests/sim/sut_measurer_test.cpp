#include "search/sim/sut_measurer.hpp"

#include <doctest/doctest.h>

#include <stop_token>

#include "search/errors.hpp"
#include "search/trial_result.hpp"

namespace trexsearch::sim {

TEST_CASE("SutMeasurer runs one model trial per measurement and adds its overhead") {
  SutMeasurer measurer(make_sut("sharp", {{"capacity_pps", 1e6}}, 0), Seconds{0.5});
  const TrialOutcome outcome = measurer.measure(Seconds{2.0}, 1.5e6, {});
  CHECK(outcome.offered_count == 3000000);
  CHECK(outcome.loss_count == 1000000);
  REQUIRE(outcome.effective_duration.has_value());
  CHECK(outcome.effective_duration->count() == 2.5);
  // The outcome is a valid trial result with the draft's loss ratio.
  const TrialResult result = TrialResult::from_outcome(1.5e6, Seconds{2.0}, outcome);
  CHECK(result.loss_ratio() == doctest::Approx(1.0 / 3.0));
  CHECK(result.effective_duration().count() == 2.5);
  CHECK(measurer.model().true_capacity_pps() == 1e6);
  CHECK(measurer.overhead().count() == 0.5);
}

TEST_CASE("SutMeasurer without overhead reports the intended duration") {
  SutMeasurer measurer(make_sut("noisy", {}, 1));
  const TrialOutcome outcome = measurer.measure(Seconds{1.0}, 1e6, {});
  CHECK(outcome.effective_duration->count() == 1.0);
  CHECK(outcome.loss_count == 0);
}

TEST_CASE("SutMeasurer honours a triggered stop token") {
  SutMeasurer measurer(make_sut("sharp", {}, 0));
  std::stop_source source;
  source.request_stop();
  CHECK_THROWS_AS(measurer.measure(Seconds{1.0}, 1e6, source.get_token()), MeasurementCancelled);
}

TEST_CASE("SutMeasurer rejects a missing model and a bad overhead") {
  CHECK_THROWS_WITH_AS(SutMeasurer(nullptr), doctest::Contains("sut"), ConfigError);
  CHECK_THROWS_WITH_AS(SutMeasurer(make_sut("sharp", {}, 0), Seconds{-1.0}),
                       doctest::Contains("trial_overhead = -1"), ConfigError);
}

}  // namespace trexsearch::sim
