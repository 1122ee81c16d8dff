#include "measure/latency_summary.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

namespace trexsearch::measure {

TEST_CASE("An hdrh summary has P50..P99, P99.9 only from 1000 samples, resolution at P99") {
  LatencyHistogram histogram;
  for (std::uint64_t value = 1; value <= 999; ++value) histogram.record(value);
  LatencySummary summary = summarize(histogram, 7);
  CHECK(summary.method == PercentileMethod::hdrh);
  CHECK(summary.samples == 999);
  CHECK(summary.min_us == 1);
  CHECK(summary.max_us == 999);
  CHECK(summary.mean_us == doctest::Approx(500.0));
  CHECK(summary.jitter_us == 7);
  CHECK(summary.p50_us == 500);
  CHECK(summary.p90_us == 899);
  CHECK(summary.p99_us == 989);
  CHECK_FALSE(summary.p999_us.has_value());
  CHECK(summary.resolution_us == 1);

  histogram.record(5000);
  summary = summarize(histogram, std::nullopt);
  CHECK(summary.samples == 1000);
  REQUIRE(summary.p999_us.has_value());
  CHECK(*summary.p999_us == 999);
  CHECK(summary.max_us == 5003);  // [5000, 5003], highest equivalent
  CHECK_FALSE(summary.jitter_us.has_value());
}

TEST_CASE("An hdrh summary of a tail: resolution is the bucket width at P99") {
  LatencyHistogram histogram;
  histogram.record(40, 980);
  histogram.record(30'000, 20);
  const LatencySummary summary = summarize(histogram, std::nullopt);
  CHECK(summary.p50_us == 40);
  CHECK(summary.p90_us == 40);
  CHECK(*summary.p99_us >= 30'000);
  CHECK(summary.resolution_us == 16);  // 16384..32767: width 16
  CHECK(*summary.p50_us <= *summary.p90_us);
  CHECK(*summary.p99_us <= *summary.p999_us);
  CHECK(*summary.p999_us <= summary.max_us);
}

TEST_CASE("An empty trial has no percentiles") {
  const LatencySummary hdrh = summarize(LatencyHistogram{}, std::nullopt);
  CHECK(hdrh.samples == 0);
  CHECK_FALSE(hdrh.p50_us.has_value());
  CHECK_FALSE(hdrh.p999_us.has_value());
  const LatencySummary buckets = summarize(BucketHistogram{}, 0, 0, std::nullopt);
  CHECK(buckets.method == PercentileMethod::buckets);
  CHECK(buckets.samples == 0);
  CHECK_FALSE(buckets.p99_us.has_value());
}

TEST_CASE(
    "Bucket percentiles are their bucket's upper edge, never below the truth, clipped to max") {
  // 600 samples in [10, 20), 300 in [20, 30), 90 in [100, 200), 10 in [1000, 2000).
  const BucketHistogram trial{{10, 600}, {20, 300}, {100, 90}, {1000, 10}};
  const LatencySummary summary = summarize(trial, 12, 1500, 3);
  CHECK(summary.method == PercentileMethod::buckets);
  CHECK(summary.samples == 1000);
  CHECK(summary.min_us == 12);
  CHECK(summary.max_us == 1500);
  CHECK(summary.p50_us == 20);
  CHECK(summary.p90_us == 30);
  CHECK(summary.p99_us == 200);
  CHECK(summary.p999_us == 1500);  // the bucket's edge 2000 clipped to max
  CHECK(summary.resolution_us == 100);
  CHECK(summary.jitter_us == 3);
  // Midpoints 15, 25, 150, 1500 (2000's midpoint 1500 is within [12, 1500]).
  CHECK(summary.mean_us ==
        doctest::Approx((15.0 * 600 + 25.0 * 300 + 150.0 * 90 + 1500.0 * 10) / 1000));
}

TEST_CASE("Bucket summaries correct TRex's lagging min and max from the histogram") {
  // TRex's total_max skips start-up samples (trex-flowstats-latency.md §2.1): a sample in
  // [300, 400) with total_max 250 means max >= 300.
  const BucketHistogram trial{{0, 5}, {50, 10}, {300, 1}};
  const LatencySummary summary = summarize(trial, 20, 250, std::nullopt);
  CHECK(summary.max_us == 300);
  CHECK(summary.min_us == 9);  // the [0, 10) bucket holds a sample of at most 9 us
  CHECK(summary.p50_us == 60);
  CHECK(summary.p99_us == 300);
  CHECK(*summary.p50_us <= *summary.p90_us);
}

TEST_CASE("Bucket histograms subtract key by key and refuse a later one with fewer samples") {
  const BucketHistogram before{{10, 5}, {20, 1}};
  const BucketHistogram after{{10, 5}, {20, 4}, {300, 2}};
  CHECK(minus(after, before) == BucketHistogram{{20, 3}, {300, 2}});
  // NOLINTNEXTLINE(readability-suspicious-call-argument): swapped on purpose
  CHECK_THROWS_WITH_AS(minus(before, after), doctest::Contains("bucket 20 us (4 > 1)"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(minus(BucketHistogram{}, before), doctest::Contains("bucket 10 us (5 > 0)"),
                       std::invalid_argument);
  CHECK(bucket_width_us(0) == 10);
  CHECK(bucket_width_us(90) == 10);
  CHECK(bucket_width_us(100) == 100);
  CHECK(bucket_width_us(900'000) == 100'000);
  CHECK(bucket_lower_edge_us(0) == 0);
  CHECK(bucket_lower_edge_us(9) == 0);
  CHECK(bucket_lower_edge_us(10) == 10);
  CHECK(bucket_lower_edge_us(99) == 90);
  CHECK(bucket_lower_edge_us(3456) == 3000);
  CHECK(bucket_lower_edge_us(999'999) == 900'000);
  CHECK_FALSE(bucket_lower_edge_us(1'000'000).has_value());
}

}  // namespace trexsearch::measure
