#include <doctest/doctest.h>

#include <vector>

#include "search/relevant_bounds.hpp"

using namespace trexsearch::mlr;

namespace {
constexpr auto lower = LoadClass::lower_bound;
constexpr auto upper = LoadClass::upper_bound;
constexpr auto undecided = LoadClass::undecided;
}  // namespace

TEST_CASE(
    "relevant upper bound is the smallest upper bound, lower the largest lower bound below it") {
  const std::vector<ClassifiedLoad> loads{{1.0, lower}, {2.0, lower}, {3.0, undecided},
                                          {4.0, upper}, {5.0, lower}, {6.0, upper}};
  const RelevantBounds bounds = find_relevant_bounds(loads);
  CHECK(bounds.lower_pps == 2.0);
  CHECK(bounds.upper_pps == 4.0);
}

TEST_CASE("loss inversion: a lower bound above the relevant upper bound is ignored") {
  const std::vector<ClassifiedLoad> loads{{1.0, upper}, {2.0, lower}};
  const RelevantBounds bounds = find_relevant_bounds(loads);
  CHECK_FALSE(bounds.lower_pps);
  CHECK(bounds.upper_pps == 1.0);
}

TEST_CASE("either bound may be missing") {
  const std::vector<ClassifiedLoad> only_lower{{1.0, lower}, {2.0, undecided}};
  CHECK(find_relevant_bounds(only_lower).lower_pps == 1.0);
  CHECK_FALSE(find_relevant_bounds(only_lower).upper_pps);
  CHECK_FALSE(find_relevant_bounds(std::vector<ClassifiedLoad>{}).lower_pps);
}
