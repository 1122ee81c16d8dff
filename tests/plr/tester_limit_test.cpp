#include "plr/tester_limit.hpp"

#include <doctest/doctest.h>

#include <vector>

namespace trexsearch::plr {
namespace {

/// A 10 s trial at `load_pps`; tester-limited at `reached_pps` when given.
PlrTrial trial(std::size_t number, double load_pps, std::optional<double> reached_pps = {}) {
  TrialOutcome outcome;
  outcome.offered_count = static_cast<std::int64_t>((reached_pps ? *reached_pps : load_pps) * 10);
  outcome.intended_count = static_cast<std::int64_t>(load_pps * 10);
  outcome.tester_limited_pps = reached_pps;
  return PlrTrial{number, TrialResult::from_outcome(load_pps, Seconds{10.0}, outcome),
                  Seconds{0.0}, Seconds{0.0}, 0, false, {}, std::nullopt};
}

PlrEstimate estimate(double average_pps, double stdev_pps) {
  PlrEstimate e;
  e.average_pps = average_pps;
  e.stdev_pps = stdev_pps;
  return e;
}

}  // namespace

TEST_CASE("tester-limited trials far above the estimate leave the result clean") {
  // Estimate 1 Mpps +- 10 kpps: its upper end is 1.02 Mpps.
  const std::vector<PlrTrial> trials{trial(1, 2e6, 1.5e6), trial(2, 1e6), trial(3, 1.03e6, 1.01e6)};
  const PlrTesterLimit limit = tester_limit_of(trials, estimate(1e6, 1e4));
  CHECK(limit.trials == 2);
  CHECK(limit.reached_pps == 1.5e6);
  CHECK(limit.estimate_upper_end_pps == 1.02e6);
  CHECK(limit.trials_near_estimate == 0);
  CHECK_FALSE(limit.limited());
}

TEST_CASE("a tester-limited trial at or below the estimate's upper end flags the result") {
  const std::vector<PlrTrial> trials{trial(1, 2e6, 1.5e6), trial(2, 1.02e6, 9.9e5),
                                     trial(3, 9e5, 8e5)};
  const PlrTesterLimit limit = tester_limit_of(trials, estimate(1e6, 1e4));
  CHECK(limit.trials == 3);
  CHECK(limit.reached_pps == 1.5e6);
  // 1.02 Mpps is exactly the upper end: it counts.
  CHECK(limit.trials_near_estimate == 2);
  CHECK(limit.limited());
}

TEST_CASE("without an estimate tester-limited trials are counted but nothing is flagged") {
  const std::vector<PlrTrial> trials{trial(1, 2e6, 1.5e6)};
  const PlrTesterLimit limit = tester_limit_of(trials, std::nullopt);
  CHECK(limit.trials == 1);
  CHECK_FALSE(limit.estimate_upper_end_pps.has_value());
  CHECK_FALSE(limit.limited());
  const PlrTesterLimit none = tester_limit_of({}, estimate(1e6, 1e4));
  CHECK(none.trials == 0);
  CHECK_FALSE(none.reached_pps.has_value());
}

}  // namespace trexsearch::plr
