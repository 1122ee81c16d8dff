// The trend figure over synthetic estimate histories.
#include "plr/trend.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

namespace trexsearch::plr {
namespace {

/// Trials every 60 s with estimates e^(log_center(t)).
std::vector<PlrTrial> history(int count, double (*log_center)(double hours)) {
  std::vector<PlrTrial> trials;
  for (int i = 1; i <= count; ++i) {
    measure::TrialOutcome outcome;
    outcome.offered_count = 1000;
    PlrTrial trial{static_cast<std::size_t>(i),
                   measure::TrialResult::from_outcome(1e6, measure::Seconds{1.0}, outcome),
                   measure::Seconds{60.0 * (i - 1)},
                   measure::Seconds{60.0 * i},
                   0,
                   false,
                   {},
                   std::nullopt};
    PlrEstimate estimate;
    estimate.average_pps = std::exp(log_center(60.0 * i / 3600.0));
    trial.estimate = estimate;
    trials.push_back(trial);
  }
  return trials;
}

}  // namespace

TEST_CASE("a steady decline is measured per hour and flagged as significant") {
  // 2 % per hour down, with a little alternating noise.
  const auto trials = history(
      60, [](double h) { return std::log(1e7) - 0.02 * h + 1e-4 * std::cos(3.14159 * h * 60.0); });
  const auto trend = estimate_trend(trials, 0.5);
  REQUIRE(trend.has_value());
  CHECK(trend->slope_per_hour == doctest::Approx(-0.02).epsilon(0.05));
  CHECK(trend->points == 31);
  CHECK(trend->window_end.count() == doctest::Approx(3600.0));
  CHECK(trend->window_start.count() == doctest::Approx(1800.0));
  CHECK(trend->significant());
}

TEST_CASE("a flat history has no significant trend") {
  const auto trials =
      history(60, [](double h) { return std::log(1e7) + 1e-3 * std::cos(3.14159 * h * 60.0); });
  const auto trend = estimate_trend(trials, 1.0);
  REQUIRE(trend.has_value());
  CHECK(std::fabs(trend->slope_per_hour) < 1e-3);
  CHECK_FALSE(trend->significant());
}

TEST_CASE("too few estimates give no trend") {
  const auto trials = history(7, [](double) { return 16.0; });
  CHECK_FALSE(estimate_trend(trials, 0.5).has_value());  // 4 points in the last 210 s
  CHECK(estimate_trend(trials, 1.0).has_value());
  CHECK_FALSE(estimate_trend({}, 1.0).has_value());
}

}  // namespace trexsearch::plr

namespace trexsearch::plr {

TEST_CASE("a drift within the estimates' own stdev is not significant") {
  auto trials = history(60, [](double h) { return std::log(1e7) - 0.02 * h; });
  for (PlrTrial& trial : trials) trial.estimate->log_stdev = 0.02;
  const auto vague = estimate_trend(trials, 0.5);
  REQUIRE(vague.has_value());
  CHECK(vague->slope_per_hour == doctest::Approx(-0.02));
  // 2 % stdev over a 0.5 h window: 4 % per hour of slack.
  CHECK(vague->estimate_stderr_per_hour == doctest::Approx(0.02 / 0.5));
  CHECK_FALSE(vague->significant());
  for (PlrTrial& trial : trials) trial.estimate->log_stdev = 0.001;
  const auto sharp = estimate_trend(trials, 0.5);
  REQUIRE(sharp.has_value());
  CHECK(sharp->significant());
  CHECK(sharp->slope_stderr_per_hour ==
        doctest::Approx(std::hypot(sharp->regression_stderr_per_hour, 0.001 / 0.5)));
}

}  // namespace trexsearch::plr
