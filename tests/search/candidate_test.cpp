#include <doctest/doctest.h>

#include "search/selection/candidate.hpp"

using namespace trexsearch;
using namespace trexsearch::mlr;

namespace {
Candidate make(std::optional<GridIndex> load, double duration, std::optional<GridIndex> width,
               std::size_t selector) {
  return {load, measure::Seconds{duration}, width, selector};
}
}  // namespace

TEST_CASE("candidate order: a load beats none, then the lower load") {
  CHECK(pick_winner(make(std::nullopt, 1, {}, 0), make(5, 1, {}, 1)).selector == 1);
  CHECK(pick_winner(make(5, 1, {}, 0), make(std::nullopt, 1, {}, 1)).selector == 0);
  CHECK(pick_winner(make(9, 1, {}, 0), make(5, 1, {}, 1)).selector == 1);
  CHECK(pick_winner(make(5, 1, {}, 0), make(9, 60, 100, 1)).selector == 0);
}

TEST_CASE("candidate order at equal loads: longer trial, then having a width, then wider") {
  CHECK(pick_winner(make(5, 1, 8, 0), make(5, 60, {}, 1)).selector == 1);
  CHECK(pick_winner(make(5, 1, {}, 0), make(5, 1, 2, 1)).selector == 1);
  CHECK(pick_winner(make(5, 1, 2, 0), make(5, 1, 8, 1)).selector == 1);
  CHECK(pick_winner(make(5, 1, 8, 0), make(5, 1, 2, 1)).selector == 0);
}

TEST_CASE("ties keep the earlier selector's candidate") {
  CHECK(pick_winner(make(5, 1, 8, 0), make(5, 1, 8, 1)).selector == 0);
  CHECK(pick_winner(make(5, 1, {}, 0), make(5, 1, {}, 1)).selector == 0);
}
