#include "daemon/report/page/chart_scale.hpp"

#include <doctest/doctest.h>

#include <limits>
#include <vector>

using namespace trexsearch::report;

TEST_CASE(
    "ticks are the multiples of the step within the range, the last one kept despite rounding") {
  // Summing 0.1 ten times gives 0.9999999999999999; each tick is k * step instead.
  const std::vector<double> ticks = tick_values(Range{0.0, 1.0}, 0.1);
  REQUIRE(ticks.size() == 11);
  CHECK(ticks.front() == 0.0);
  CHECK(ticks[3] == 3 * 0.1);
  CHECK(ticks.back() == 1.0);
  CHECK(tick_values(Range{-25.0, 130.0}, 50.0) == std::vector<double>{0.0, 50.0, 100.0});
  CHECK(tick_values(Range{0.2, 0.3}, 1.0).empty());
}

TEST_CASE(
    "an empty range or a step that is not positive gives no ticks, never a loop without end") {
  CHECK(tick_values(Range{}, 1.0).empty());
  CHECK(tick_values(Range{0.0, 1.0}, 0.0).empty());
  CHECK(tick_values(Range{0.0, 1.0}, -1.0).empty());
  CHECK(tick_values(Range{0.0, 1.0}, std::numeric_limits<double>::quiet_NaN()).empty());
  CHECK(tick_values(Range{0.0, 1e300}, 1e-300).size() == 1000);
}
