#include <doctest/doctest.h>

#include <optional>
#include <vector>

#include "search/selection/discrete_interval.hpp"
#include "search/strategy/strategies.hpp"

using namespace trexsearch;
using namespace trexsearch::mlr;

namespace {

const LoadGrid kGrid(1000.0, 1e7, std::vector<double>{0.005});
const LimitHandler kHandler(kGrid);

/// One target of width 4 with its expander and starting bounds.
struct Fixture {
  explicit Fixture(std::optional<GridIndex> lower, std::optional<GridIndex> upper)
      : expander(4, 2, global, lower, upper), context{target, expander, lower,
                                                      upper,  kHandler, {}} {}

  TargetSpec target{
      {0.0, 0.5, measure::Seconds{1.0}, measure::Seconds{21.0}}, 4, 2, false, 0, std::nullopt};
  GlobalWidth global{0};
  TargetedExpander expander;
  StrategyContext context;
};

}  // namespace

TEST_CASE("halve: fires only when the starting interval is 1 to 2 target widths") {
  Fixture wide(100, 120);
  CHECK_FALSE(HalveStrategy(wide.context).nominate({}));
  Fixture narrow(100, 104);
  CHECK_FALSE(HalveStrategy(narrow.context).nominate({}));
  Fixture fits(100, 107);
  const auto nomination = HalveStrategy(fits.context).nominate({});
  REQUIRE(nomination);
  CHECK(nomination->load == 103);  // interval_middle(100, 107, 4) retries at width 2: 3 + 4
  CHECK(nomination->width == 4);
}

TEST_CASE("refine: re-measures a starting bound unless the current bounds make it pointless") {
  Fixture fixture(100, 140);
  const auto lo = RefineLoStrategy(fixture.context).nominate({});
  REQUIRE(lo);
  CHECK(lo->load == 100);
  // Already a lower bound of this target: not worth it.
  CHECK_FALSE(RefineLoStrategy(fixture.context).nominate({100, std::nullopt}));
  const auto hi = RefineHiStrategy(fixture.context).nominate({100, std::nullopt});
  REQUIRE(hi);
  CHECK(hi->load == 140);
  // Bounds within one target width: nothing is worth measuring.
  CHECK_FALSE(RefineHiStrategy(fixture.context).nominate({137, 141}));
}

TEST_CASE("extend lo: steps down from the upper bound by the expander width") {
  Fixture fixture(std::nullopt, 500);
  ExtendLoStrategy strategy(fixture.context);
  const auto nomination = strategy.nominate({std::nullopt, 500});
  REQUIRE(nomination);
  CHECK(nomination->width == 8);  // target width 4 expanded once
  CHECK(nomination->load == 492);
  // The step failed again (the load became the new upper bound): widen.
  strategy.won({std::nullopt, 492}, 492);
  CHECK(fixture.expander.width() == 16);
  CHECK(fixture.global.steps == 16);
  // With a lower bound, or at min load, external search down is over.
  CHECK_FALSE(strategy.nominate({400, 500}));
  CHECK_FALSE(strategy.nominate({std::nullopt, 0}));
}

TEST_CASE("extend hi: steps up from the lower bound and stops at max load") {
  Fixture fixture(500, std::nullopt);
  ExtendHiStrategy strategy(fixture.context);
  const auto nomination = strategy.nominate({500, std::nullopt});
  REQUIRE(nomination);
  CHECK(nomination->load == 508);
  CHECK_FALSE(strategy.nominate({kGrid.max_index(), std::nullopt}));
  // Close to max load the step lands on max load itself.
  const auto near_max = strategy.nominate({kGrid.max_index() - 3, std::nullopt});
  REQUIRE(near_max);
  CHECK(near_max->load == kGrid.max_index());
}

TEST_CASE("bisect: splits the interval of the current bounds and reports the smaller part") {
  Fixture fixture(100, 200);
  fixture.expander.limit(100);  // make a conditional external step too wide to apply
  BisectStrategy strategy(fixture.context);
  const auto nomination = strategy.nominate({100, 200});
  REQUIRE(nomination);
  CHECK(nomination->load == interval_middle(100, 200, 4));
  CHECK(nomination->width == std::min<GridIndex>(nomination->load - 100, 200 - nomination->load));
  CHECK_FALSE(strategy.nominate({100, 104}));
}

TEST_CASE("bisect: prefers a bounded external step when the upper bound moved down") {
  // The previous target's upper bound was 300; now 200 failed too. A step of
  // width 8 down from 200 lands above the bisection point and below 300.
  Fixture fixture(100, 300);
  fixture.expander.limit(4);
  BisectStrategy strategy(fixture.context);
  const auto nomination = strategy.nominate({100, 200});
  REQUIRE(nomination);
  CHECK(nomination->load == 192);
  CHECK(nomination->width == 8);
}
