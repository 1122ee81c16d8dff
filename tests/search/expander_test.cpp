#include <doctest/doctest.h>

#include "search/selection/expander.hpp"

using namespace trexsearch::mlr;

TEST_CASE("the first external step is the wider of target and starting interval, expanded") {
  GlobalWidth global{0};
  TargetedExpander expander(4, 2, global, 100, 130);
  CHECK(expander.width() == 60);  // max(4, 30) * 2
  TargetedExpander no_interval(4, 3, global, 100, std::nullopt);
  CHECK(no_interval.width() == 12);
}

TEST_CASE("expansion multiplies and publishes the width; the global width is a floor") {
  GlobalWidth global{0};
  TargetedExpander expander(4, 2, global, std::nullopt, std::nullopt);
  CHECK(expander.width() == 8);
  expander.expand();
  CHECK(expander.width() == 16);
  CHECK(global.steps == 16);
  global.steps = 100;
  CHECK(expander.width() == 100);
}

TEST_CASE("limiting restarts from the narrowing width, never below the target width") {
  GlobalWidth global{0};
  TargetedExpander expander(4, 2, global, 0, 1000);
  expander.limit(10);
  CHECK(expander.width() == 20);
  expander.limit(1);
  CHECK(expander.width() == 8);
}
