#include <doctest/doctest.h>

#include <stdexcept>

#include "search/selection/discrete_interval.hpp"

using namespace trexsearch::mlr;

TEST_CASE("an interval of exactly two target widths splits in the middle") {
  CHECK(interval_middle(10, 20, 5) == 15);
}

TEST_CASE("between one and two widths: an even width retries at half width") {
  // Width 6 at target 4 -> target 2: parts 2 and 4, lower part the smaller.
  CHECK(interval_middle(0, 6, 4) == 2);
}

TEST_CASE("between one and two widths: an odd width splits evenly, rounding down") {
  CHECK(interval_middle(0, 7, 5) == 3);
}

TEST_CASE("wide intervals split at a power-of-two multiple of the width, biased low") {
  // 100 steps: 36 + 64 is more even than 68 + 32; the upper part is 64 = 2^6.
  CHECK(interval_middle(0, 100, 1) == 36);
  // 90 steps: 32 + 58 is more even than 26 + 64; the lower part is 32 = 2^5.
  CHECK(interval_middle(100, 190, 1) == 132);
  // Order of the arguments does not matter.
  CHECK(interval_middle(190, 100, 1) == 132);
}

TEST_CASE("an interval no wider than the target is never split") {
  CHECK_THROWS_AS(interval_middle(0, 5, 5), std::logic_error);
  CHECK_THROWS_AS(interval_middle(3, 3, 1), std::logic_error);
}
