// The jumpavg-style grouping (daemon/trend) on constructed series with exact
// expectations: where the cuts fall, each group's verdict and the outliers.
#include "daemon/trend/group_classifier.hpp"

#include <doctest/doctest.h>

#include <stdexcept>
#include <vector>

namespace trexsearch::trend {
namespace {

/// `count` values around `center`, alternating +-`spread` (a deterministic "noise").
std::vector<double> around(double center, double spread, std::size_t count) {
  std::vector<double> values;
  for (std::size_t i = 0; i < count; ++i)
    values.push_back(center + (i % 2 == 0 ? spread : -spread));
  return values;
}

std::vector<double> joined(std::vector<double> a, const std::vector<double>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

TEST_CASE("Statistics built one sample at a time match the textbook population formulas") {
  const std::vector<double> values{2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0};
  const AvgStdevStats stats = AvgStdevStats::of(values);
  CHECK(stats.size == 8);
  CHECK(stats.avg == doctest::Approx(5.0));
  CHECK(stats.stdev == doctest::Approx(2.0));
  CHECK(AvgStdevStats::of({}).size == 0);
}

TEST_CASE("Statistics of 1e8-sized values keep their small spread") {
  const AvgStdevStats stats = AvgStdevStats::of(std::vector<double>{1e8 + 1.0, 1e8 - 1.0});
  CHECK(stats.avg == doctest::Approx(1e8));
  CHECK(stats.stdev == doctest::Approx(1.0));
}

TEST_CASE("The scale puts the largest value at 2^13 - 1 units by default") {
  const BitScale scale = scale_for(std::vector<double>{10.0, 8191.0, 3.0});
  CHECK(scale.max_value == 8191.0);
  CHECK(scale.unit == doctest::Approx(1.0));
  CHECK(scale_for(std::vector<double>{0.0, 0.0}).unit == 1.0);
  CHECK_THROWS_AS(scale_for(std::vector<double>{1.0, -2.0}), std::invalid_argument);
}

TEST_CASE("A group costs more bits the wider it is and the more samples it has") {
  const BitScale scale{8191.0, 1.0};
  const double tight = group_bits({10, 5000.0, 1.0}, scale, std::nullopt);
  const double wide = group_bits({10, 5000.0, 100.0}, scale, std::nullopt);
  const double longer = group_bits({20, 5000.0, 1.0}, scale, std::nullopt);
  CHECK(tight < wide);
  CHECK(tight < longer);
  CHECK(group_bits({}, scale, std::nullopt) == 0.0);
  // An average next to the previous one is the unlikely case (it would have joined).
  CHECK(group_bits({1, 5000.0, 0.0}, scale, 5000.0) > group_bits({1, 5000.0, 0.0}, scale, 1000.0));
}

TEST_CASE("A flat series is one group with nothing to report") {
  const std::vector<double> values(20, 1e6);
  const Classification result = classify_series(values);
  REQUIRE(result.groups.size() == 1);
  CHECK(result.groups[0].first_index == 0);
  CHECK(result.groups[0].last_index == 19);
  CHECK(result.groups[0].stats.avg == 1e6);
  CHECK(result.last_verdict() == Verdict::first);
  CHECK(result.outliers.empty());
}

TEST_CASE("Noise without a step stays one group") {
  const std::vector<double> values{1.001e6, 0.998e6, 1.0e6,   1.002e6, 0.999e6, 1.0e6,   0.997e6,
                                   1.003e6, 1.0e6,   0.999e6, 1.001e6, 0.998e6, 1.002e6, 1.0e6};
  const Classification result = classify_series(values);
  CHECK(result.groups.size() == 1);
  CHECK(result.last_verdict() == Verdict::first);
  CHECK(result.outliers.empty());
}

TEST_CASE("One step down is two groups, the second a regression") {
  const std::vector<double> values = joined(around(1e6, 1e3, 10), around(0.9e6, 1e3, 5));
  const Classification result = classify_series(values);
  REQUIRE(result.groups.size() == 2);
  CHECK(result.groups[0].last_index == 9);
  CHECK(result.groups[1].first_index == 10);
  CHECK(result.groups[1].last_index == 14);
  CHECK(result.groups[1].stats.avg == doctest::Approx(0.9e6 + 200.0));
  CHECK(result.groups[1].verdict == Verdict::regression);
  CHECK(result.last_verdict() == Verdict::regression);
}

TEST_CASE("One step up is two groups, the second a progression") {
  const std::vector<double> values = joined(around(1e6, 1e3, 8), around(1.1e6, 1e3, 8));
  const Classification result = classify_series(values);
  REQUIRE(result.groups.size() == 2);
  CHECK(result.groups[1].first_index == 8);
  CHECK(result.last_verdict() == Verdict::progression);
}

TEST_CASE("The newest value alone far below the others is a regression already") {
  std::vector<double> values = around(1e6, 1e3, 10);
  values.push_back(0.5e6);
  const Classification result = classify_series(values);
  REQUIRE(result.groups.size() == 2);
  CHECK(result.groups[1].first_index == 10);
  CHECK(result.groups[1].last_index == 10);
  CHECK(result.last_verdict() == Verdict::regression);
  CHECK(result.outliers.empty());  // the last value has nothing after it yet
}

TEST_CASE("A single outlier between stable runs is left out and the runs stay one group") {
  std::vector<double> values = around(1e6, 1e3, 7);
  values.push_back(0.4e6);
  const std::vector<double> after = around(1e6, 1e3, 6);
  values.insert(values.end(), after.begin(), after.end());
  const Classification result = classify_series(values);
  CHECK(result.outliers == std::vector<std::size_t>{7});
  REQUIRE(result.groups.size() == 1);
  CHECK(result.groups[0].first_index == 0);
  CHECK(result.groups[0].last_index == 13);
  CHECK(result.groups[0].stats.size == 13);
  CHECK(result.last_verdict() == Verdict::first);

  // Without outlier handling, jumpavg's plain grouping splits around it.
  const Classification plain = classify_series(values, {kDefaultSignificantBits, false});
  CHECK(plain.outliers.empty());
  REQUIRE(plain.groups.size() == 3);
  CHECK(plain.groups[1].first_index == 7);
  CHECK(plain.groups[1].last_index == 7);
  CHECK(plain.groups[1].verdict == Verdict::regression);
  CHECK(plain.groups[2].verdict == Verdict::progression);
}

TEST_CASE("A step down then back up ends in a progression") {
  const std::vector<double> values =
      joined(joined(around(1e6, 1e3, 6), around(0.8e6, 1e3, 6)), around(1e6, 1e3, 6));
  const Classification result = classify_series(values);
  REQUIRE(result.groups.size() == 3);
  CHECK(result.groups[1].first_index == 6);
  CHECK(result.groups[2].first_index == 12);
  CHECK(result.groups[1].verdict == Verdict::regression);
  CHECK(result.last_verdict() == Verdict::progression);
}

TEST_CASE("Short series: none, one and two equal values") {
  CHECK(classify_series(std::vector<double>{}).groups.empty());
  CHECK(classify_series(std::vector<double>{5.0}).groups.size() == 1);
  const Classification two = classify_series(std::vector<double>{5.0, 5.0});
  REQUIRE(two.groups.size() == 1);
  CHECK(two.groups[0].stats.size == 2);
}

TEST_CASE("A negative value is refused with the value named") {
  CHECK_THROWS_WITH_AS(classify_series(std::vector<double>{1.0, -3.0}), doctest::Contains("-3.0"),
                       std::invalid_argument);
}

}  // namespace
}  // namespace trexsearch::trend
