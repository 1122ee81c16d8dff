#include <doctest/doctest.h>

#include <vector>

#include "search/selection/limit_handler.hpp"

using namespace trexsearch::mlr;

namespace {
// A grid of exactly 1000 steps would do; any grid works since only indices matter.
const LoadGrid kGrid(1000.0, 1e7, std::vector<double>{0.005});
const LimitHandler kHandler(kGrid);
const GridIndex M = kGrid.max_index();
}  // namespace

TEST_CASE("without bounds a load far from the limits is kept, near ones snap onto them") {
  CHECK(kHandler.handle(500, 10, {}) == 500);
  CHECK(kHandler.handle(5, 10, {}) == 0);
  CHECK(kHandler.handle(M - 5, 10, {}) == M);
  CHECK(kHandler.handle(-50, 10, {}) == 0);  // off the grid means the limit
}

TEST_CASE("with only an upper bound: below it, and one width away from it") {
  CHECK(kHandler.handle(500, 10, {std::nullopt, 600}) == 500);
  CHECK(kHandler.handle(595, 10, {std::nullopt, 600}) == 590);
  CHECK(kHandler.handle(600, 10, {std::nullopt, 600}) == std::nullopt);
  CHECK(kHandler.handle(0, 10, {std::nullopt, 0}) == std::nullopt);  // min load failed
  CHECK(kHandler.handle(3, 10, {std::nullopt, 600}) == 0);           // min load may be measured
}

TEST_CASE("with only a lower bound: above it, max load reachable") {
  CHECK(kHandler.handle(505, 10, {500, std::nullopt}) == 510);
  CHECK(kHandler.handle(M + 7, 10, {500, std::nullopt}) == M);
}

TEST_CASE("between two bounds: strictly inside, middle when narrower than two widths") {
  CHECK(kHandler.handle(550, 10, {500, 600}) == 550);
  CHECK(kHandler.handle(500, 10, {500, 600}) == std::nullopt);
  CHECK(kHandler.handle(501, 10, {500, 515}) == 505);           // 15 < 2 * 10: interval_middle
  CHECK(kHandler.handle(505, 10, {500, 510}) == std::nullopt);  // narrow enough
}
