#include <doctest/doctest.h>

#include <vector>

#include "measure/errors.hpp"
#include "search/selection/load_grid.hpp"

using namespace trexsearch;
using namespace trexsearch::mlr;

namespace {
const std::vector<double> kCsitWidth{0.005};
}

// Expected values: the reference implementation's grid for CSIT's 10GE limits.
TEST_CASE("CSIT's limits and 0.5 % width give 1479 steps of factor 1.0050231") {
  const LoadGrid grid(9001.0, 14880952.0, kCsitWidth);
  CHECK(grid.max_index() == 1479);
  CHECK(grid.load_at(0) == 9001.0);
  CHECK(grid.load_at(1479) == 14880952.0);
  CHECK(grid.load_at(1) / 9001.0 == doctest::Approx(1.0050230545891579).epsilon(1e-15));
  CHECK(grid.width_steps(0.005) == 1);
}

TEST_CASE("grid values are bit-identical to the reference's bisection, not the closed form") {
  const LoadGrid grid(9001.0, 14880952.0, kCsitWidth);
  CHECK(grid.load_at(1388) == 9432189.199265566);  // closed form: 9432189.199264213
}

TEST_CASE("adding a 0.1 % goal refines the grid so both widths are whole steps") {
  const std::vector<double> widths{0.005, 0.001};
  const LoadGrid grid(9001.0, 14880952.0, widths);
  CHECK(grid.max_index() == 7407);
  CHECK(grid.width_steps(0.005) == 5);
  CHECK(grid.width_steps(0.001) == 1);
  CHECK(grid.load_at(5000) == 1339028.183991828);
  CHECK(grid.index_at_or_below(1e6) == 4708);
  CHECK(grid.load_at(4708) == 999806.0930623217);
}

TEST_CASE("index and load convert back and forth exactly; loads between points round down") {
  const LoadGrid grid(10000.0, 1e8, std::vector<double>{0.001, 0.01, 0.005});
  CHECK(grid.max_index() == 9206);
  for (GridIndex i = 0; i <= grid.max_index(); ++i) {
    const double load = grid.load_at(i);
    REQUIRE(grid.index_at_or_below(load) == i);
    if (i > 0) REQUIRE(load > grid.load_at(i - 1));
    if (i < grid.max_index()) {
      REQUIRE(grid.index_at_or_below((load + grid.load_at(i + 1)) / 2) == i);
    }
  }
  CHECK(grid.index_at_or_below(1.0) == 0);
  CHECK(grid.index_at_or_below(1e12) == grid.max_index());
  CHECK(grid.load_at(-3) == 10000.0);
  CHECK(grid.load_at(grid.max_index() + 5) == 1e8);
}

TEST_CASE("a goal width too fine for the range is a config error, not a hang") {
  CHECK_THROWS_AS(LoadGrid(1.0, 1e300, std::vector<double>{1e-15}), measure::ConfigError);
  CHECK_THROWS_AS(LoadGrid(5.0, 5.0, kCsitWidth), measure::ConfigError);
}
