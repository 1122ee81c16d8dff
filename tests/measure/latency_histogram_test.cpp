#include "measure/latency_histogram.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <stdexcept>

namespace trexsearch::measure {

TEST_CASE("An empty latency histogram reports zeros") {
  const LatencyHistogram histogram;
  CHECK(histogram.empty());
  CHECK(histogram.total() == 0);
  CHECK(histogram.min_us() == 0);
  CHECK(histogram.max_us() == 0);
  CHECK(histogram.mean_us() == 0.0);
  CHECK(histogram.value_at_percentile(99.0) == 0);
}

TEST_CASE("Values below 2048 us are exact to the microsecond") {
  LatencyHistogram histogram;
  for (std::uint64_t value = 1; value <= 1000; ++value) histogram.record(value);
  CHECK(histogram.total() == 1000);
  CHECK(histogram.min_us() == 1);
  CHECK(histogram.max_us() == 1000);
  CHECK(histogram.mean_us() == doctest::Approx(500.5));
  CHECK(histogram.value_at_percentile(0.0) == 1);
  CHECK(histogram.value_at_percentile(50.0) == 500);
  CHECK(histogram.value_at_percentile(90.0) == 900);
  CHECK(histogram.value_at_percentile(99.0) == 990);
  CHECK(histogram.value_at_percentile(99.9) == 999);
  CHECK(histogram.value_at_percentile(100.0) == 1000);
  CHECK(histogram.value_at_percentile(250.0) == 1000);  // clamped to 100
  CHECK(histogram.value_at_percentile(-5.0) == 1);      // clamped to 0
  CHECK_THROWS_AS(histogram.value_at_percentile(std::nan("")), std::invalid_argument);
  LatencyHistogram exact;
  exact.record(2047);
  CHECK(exact.max_us() == 2047);
  CHECK(exact.resolution_at_us(2047) == 1);
  exact.record(0);  // TRex truncates to whole microseconds, so 0 happens
  CHECK(exact.min_us() == 0);
}

TEST_CASE("Above 2048 us buckets double in width at each power of two (3 significant digits)") {
  CHECK(LatencyHistogram::index_of(2047) == 2047);
  CHECK(LatencyHistogram::index_of(2048) == 2048);
  CHECK(LatencyHistogram::lowest_at_index(2048) == 2048);
  CHECK(LatencyHistogram::width_at_index(2048) == 2);
  LatencyHistogram histogram;
  CHECK(histogram.resolution_at_us(2048) == 2);
  CHECK(histogram.resolution_at_us(4095) == 2);
  CHECK(histogram.resolution_at_us(4096) == 4);
  CHECK(histogram.resolution_at_us(12345) == 8);
  CHECK(histogram.resolution_at_us(9'999'999) == 8192);
  histogram.record(2500);
  // Reported values are the highest equivalent of the bucket: 2500..2501.
  CHECK(histogram.max_us() == 2501);
  CHECK(histogram.min_us() == 2500);
  CHECK(histogram.value_at_percentile(50.0) == 2501);
  CHECK(histogram.mean_us() == doctest::Approx(2501.0));  // the bucket's median equivalent
  LatencyHistogram big;
  big.record(12345, 3);
  CHECK(big.value_at_percentile(50.0) == 12351);  // [12344, 12351]
  CHECK(big.min_us() == 12344);
}

TEST_CASE("Values above 10 s land in the top of the histogram instead of failing") {
  LatencyHistogram histogram;
  histogram.record(50'000'000);
  histogram.record(10'000'000);
  CHECK(histogram.total() == 2);
  CHECK(histogram.count_at_index(LatencyHistogram::index_of(10'000'000)) == 2);
  CHECK(histogram.max_us() >= 10'000'000);
  CHECK(LatencyHistogram::index_of(~std::uint64_t{0}) < LatencyHistogram::counts_length);
}

TEST_CASE("Percentiles follow hdrh's rank rule: round(p/100 N), at least 1") {
  LatencyHistogram histogram;
  histogram.record(10, 1);
  histogram.record(20, 1);
  histogram.record(30, 2);
  // N = 4: p = 25 -> rank 1 (10); p = 37.4 -> rank 1 (1.496 + 0.5 -> 1); p = 37.5 -> rank 2 (20).
  CHECK(histogram.value_at_percentile(25.0) == 10);
  CHECK(histogram.value_at_percentile(37.4) == 10);
  CHECK(histogram.value_at_percentile(37.5) == 20);
  CHECK(histogram.value_at_percentile(62.5) == 30);
  CHECK(histogram.value_at_percentile(0.0) == 10);
}

TEST_CASE("minus gives the per-trial histogram of two cumulative ones; add undoes it") {
  LatencyHistogram before;
  before.record(50, 900);
  before.record(2500, 90);
  LatencyHistogram after = before;
  after.record(70, 500);
  after.record(2500, 10);
  const LatencyHistogram trial = after.minus(before);
  CHECK(trial.total() == 510);
  CHECK(trial.min_us() == 70);
  CHECK(trial.max_us() == 2501);
  CHECK(trial.count_at_index(LatencyHistogram::index_of(50)) == 0);
  CHECK(trial.count_at_index(LatencyHistogram::index_of(2500)) == 10);
  LatencyHistogram sum = before;
  sum.add(trial);
  CHECK(sum == after);
  CHECK(after.minus(after).empty());
}

TEST_CASE("minus refuses an earlier histogram with more samples and names the bucket") {
  LatencyHistogram before;
  before.record(12345, 5);
  LatencyHistogram after;
  after.record(12345, 2);
  after.record(7, 100);
  CHECK_THROWS_WITH_AS(after.minus(before),
                       doctest::Contains("[12344..12351 us] (5 > 2)"), std::invalid_argument);
}

TEST_CASE("Counts beyond INT64_MAX in total are refused, not wrapped") {
  LatencyHistogram histogram;
  histogram.record(1, static_cast<std::uint64_t>(INT64_MAX));
  CHECK_THROWS_AS(histogram.record(1), std::overflow_error);
  LatencyHistogram one;
  one.record(5);
  CHECK_THROWS_AS(histogram.add(one), std::overflow_error);
  CHECK(histogram.total() == static_cast<std::uint64_t>(INT64_MAX));
}

}  // namespace trexsearch::measure
