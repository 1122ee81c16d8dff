#include "plr/tester_limit.hpp"

#include <doctest/doctest.h>

#include <vector>

namespace trexsearch::plr {
namespace {

/// A 10 s trial at `load_pps`; tester-limited at `reached_pps` when given (and then
/// lossy, as the search sees it: full loss).
PlrTrial trial(std::size_t number, double load_pps, std::optional<double> reached_pps = {}) {
  measure::TrialOutcome outcome;
  outcome.offered_count = static_cast<std::int64_t>((reached_pps ? *reached_pps : load_pps) * 10);
  outcome.intended_count = static_cast<std::int64_t>(load_pps * 10);
  outcome.tester_limited_pps = reached_pps;
  return PlrTrial{number,
                  measure::TrialResult::from_outcome(load_pps, measure::Seconds{10.0}, outcome),
                  measure::Seconds{0.0},
                  measure::Seconds{0.0},
                  0,
                  reached_pps.has_value(),
                  {},
                  std::nullopt};
}

/// A trial in which the SUT itself lost frames (lossy, not tester-limited).
PlrTrial sut_lossy(std::size_t number, double load_pps) {
  PlrTrial lossy = trial(number, load_pps);
  lossy.lossy = true;
  return lossy;
}

PlrEstimate estimate(double average_pps, double stdev_pps) {
  PlrEstimate e;
  e.average_pps = average_pps;
  e.stdev_pps = stdev_pps;
  return e;
}

}  // namespace

TEST_CASE("tester-limited trials above the SUT's own losses and the estimate leave it clean") {
  // Estimate 1 Mpps +- 10 kpps: its upper end is 1.02 Mpps; the SUT lost at 1.025 Mpps.
  const std::vector<PlrTrial> trials{trial(1, 2e6, 1.5e6), trial(2, 1e6), sut_lossy(3, 1.025e6),
                                     trial(4, 1.03e6, 1.01e6)};
  const PlrTesterLimit limit = tester_limit_of(trials, estimate(1e6, 1e4));
  CHECK(limit.trials == 2);
  CHECK(limit.reached_pps == 1.5e6);
  CHECK(limit.estimate_upper_end_pps == 1.02e6);
  CHECK(limit.trials_near_estimate == 0);
  CHECK(limit.lowest_sut_lossy_pps == 1.025e6);
  CHECK(limit.trials_below_sut_loss == 0);
  CHECK_FALSE(limit.limited());
}

TEST_CASE("tester-limited trials below every load the SUT lost at flag it, however narrow") {
  // A converged soak behind a slow tester: 867.8 kpps +- 450 pps while the tester
  // gives up at 900 kpps and the SUT never lost a frame itself.
  const std::vector<PlrTrial> trials{trial(1, 1.488e7, 9e5), trial(2, 8.99e5),
                                     trial(3, 9.01e5, 9e5)};
  const PlrTesterLimit limit = tester_limit_of(trials, estimate(867800.0, 450.0));
  CHECK(limit.trials_near_estimate == 0);
  CHECK_FALSE(limit.lowest_sut_lossy_pps.has_value());
  CHECK(limit.trials_below_sut_loss == 2);
  CHECK(limit.limited());
  // The SUT losing frames itself below them clears it.
  std::vector<PlrTrial> with_sut_loss = trials;
  with_sut_loss.push_back(sut_lossy(4, 8.7e5));
  CHECK_FALSE(tester_limit_of(with_sut_loss, estimate(867800.0, 450.0)).limited());
}

TEST_CASE("a tester-limited trial at or below the estimate's upper end flags the result") {
  const std::vector<PlrTrial> trials{sut_lossy(0, 8e5), trial(1, 2e6, 1.5e6),
                                     trial(2, 1.02e6, 9.9e5), trial(3, 9e5, 8e5)};
  const PlrTesterLimit limit = tester_limit_of(trials, estimate(1e6, 1e4));
  CHECK(limit.trials == 3);
  CHECK(limit.reached_pps == 1.5e6);
  // 1.02 Mpps is exactly the upper end: it counts.
  CHECK(limit.trials_near_estimate == 2);
  CHECK(limit.limited());
}

TEST_CASE("without an estimate none is near it; the count and the rate are still there") {
  const std::vector<PlrTrial> trials{sut_lossy(1, 1e6), trial(2, 2e6, 1.5e6)};
  const PlrTesterLimit limit = tester_limit_of(trials, std::nullopt);
  CHECK(limit.trials == 1);
  CHECK_FALSE(limit.estimate_upper_end_pps.has_value());
  CHECK_FALSE(limit.limited());
  const PlrTesterLimit none = tester_limit_of({}, estimate(1e6, 1e4));
  CHECK(none.trials == 0);
  CHECK_FALSE(none.reached_pps.has_value());
}

}  // namespace trexsearch::plr
