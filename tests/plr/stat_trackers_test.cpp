// Tracker arithmetic (scalar, dual, focus), their merges, the proposal and the generator.
#include "plr/stat_trackers.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <set>
#include <utility>
#include <vector>

#include "plr/focus_tracker.hpp"
#include "plr/random.hpp"

namespace trexsearch::plr {
namespace {

struct Weighted {
  double value;
  double log_weight;
};

/// Direct weighted mean and population variance.
std::pair<double, double> direct_moments(const std::vector<Weighted>& samples) {
  double sum_w = 0.0;
  double sum_wx = 0.0;
  for (const auto& s : samples) {
    sum_w += std::exp(s.log_weight);
    sum_wx += std::exp(s.log_weight) * s.value;
  }
  const double mean = sum_wx / sum_w;
  double sum_wd = 0.0;
  for (const auto& s : samples)
    sum_wd += std::exp(s.log_weight) * (s.value - mean) * (s.value - mean);
  return {mean, sum_wd / sum_w};
}

const std::vector<Weighted> kSamples{{16.1, -3.0}, {16.3, -1.0}, {15.9, -2.5}, {16.0, 0.5},
                                     {16.2, -0.2}, {16.05, 0.1}, {15.95, -4.0}};

}  // namespace

TEST_CASE("the scalar tracker gives the weighted mean and population variance") {
  ScalarTracker tracker;
  for (const auto& s : kSamples) tracker.add(s.value, s.log_weight);
  const auto [mean, variance] = direct_moments(kSamples);
  CHECK(tracker.average() == doctest::Approx(mean).epsilon(1e-14));
  CHECK(tracker.variance() == doctest::Approx(variance).epsilon(1e-12));
  double sum_w = 0.0;
  for (const auto& s : kSamples) sum_w += std::exp(s.log_weight);
  CHECK(tracker.log_sum_weight() == doctest::Approx(std::log(sum_w)).epsilon(1e-14));
}

TEST_CASE("the scalar tracker's log weights may be far outside the double range") {
  // Log-likelihoods of thousands of trials: e^-5000 underflows, the tracker must not.
  ScalarTracker tracker;
  tracker.add(1.0, -5000.0);
  tracker.add(3.0, -5000.0 + std::log(3.0));
  CHECK(tracker.average() == doctest::Approx(2.5));
  CHECK(tracker.variance() == doctest::Approx(0.75));
}

TEST_CASE("zero-weight samples leave every tracker unchanged") {
  constexpr double kNone = -std::numeric_limits<double>::infinity();
  ScalarTracker scalar;
  scalar.add(1.0, 0.0);
  const ScalarTracker before = scalar;
  scalar.add(5.0, kNone);
  CHECK(scalar == before);
  DualTracker dual;
  dual.add(5.0, kNone);
  CHECK(dual.empty());
  FocusTracker focus;
  focus.add_without_dominance({0.5, 0.5}, kNone);
  CHECK(focus.state() == FocusState{});
  CHECK(focus.log_sum_weight() == kNone);
}

TEST_CASE("merging scalar trackers equals adding all samples to one") {
  ScalarTracker all;
  ScalarTracker first;
  ScalarTracker second;
  for (std::size_t i = 0; i < kSamples.size(); ++i) {
    all.add(kSamples[i].value, kSamples[i].log_weight);
    (i < 3 ? first : second).add(kSamples[i].value, kSamples[i].log_weight);
  }
  const ScalarTracker merged = ScalarTracker::merged(first, second);
  CHECK(merged.average() == doctest::Approx(all.average()).epsilon(1e-14));
  CHECK(merged.log_variance() == doctest::Approx(all.log_variance()).epsilon(1e-12));
  CHECK(merged.log_sum_weight() == doctest::Approx(all.log_sum_weight()).epsilon(1e-14));
  CHECK(ScalarTracker::merged(all, ScalarTracker{}) == all);
  CHECK(ScalarTracker::merged(ScalarTracker{}, all) == all);
}

TEST_CASE("the dual tracker's secondary leaves out the heaviest sample, the later one on ties") {
  DualTracker dual;
  dual.add(1.0, 0.0);
  dual.add(2.0, std::log(10.0));
  dual.add(3.0, 0.0);
  CHECK(dual.primary().average() == doctest::Approx((1.0 + 20.0 + 3.0) / 12.0));
  CHECK(dual.secondary().average() == doctest::Approx(2.0));
  CHECK(dual.secondary().variance() == doctest::Approx(1.0));
  const double half_gap = (dual.primary().average() - 2.0) / 2.0;
  CHECK(dual.pessimistic_variance() ==
        doctest::Approx((dual.primary().variance() + 1.0) / 2.0 + half_gap * half_gap));

  DualTracker tie;
  tie.add(1.0, 0.0);
  tie.add(2.0, 0.0);
  CHECK(tie.secondary().average() == 1.0);
  CHECK(tie.max_log_weight() == 0.0);
}

TEST_CASE("a single dominating sample shows up as a large pessimistic variance") {
  DualTracker dominated;
  dominated.add(16.0, 0.0);
  dominated.add(16.0, 0.0);
  dominated.add(17.0, 50.0);
  DualTracker balanced;
  balanced.add(16.0, 0.0);
  balanced.add(16.0, 0.0);
  balanced.add(17.0, 0.0);
  CHECK(dominated.primary().average() == doctest::Approx(17.0));
  CHECK(dominated.pessimistic_variance() > 0.2);
  CHECK(dominated.pessimistic_variance() > balanced.pessimistic_variance());
}

TEST_CASE("merging dual trackers equals adding all samples to one") {
  DualTracker all;
  DualTracker first;
  DualTracker second;
  for (std::size_t i = 0; i < kSamples.size(); ++i) {
    all.add(kSamples[i].value, kSamples[i].log_weight);
    (i % 2 == 0 ? first : second).add(kSamples[i].value, kSamples[i].log_weight);
  }
  const DualTracker merged = DualTracker::merged(first, second);
  CHECK(merged.max_log_weight() == all.max_log_weight());
  CHECK(merged.primary().average() == doctest::Approx(all.primary().average()).epsilon(1e-14));
  CHECK(merged.secondary().average() == doctest::Approx(all.secondary().average()).epsilon(1e-14));
  CHECK(merged.secondary().log_variance() ==
        doctest::Approx(all.secondary().log_variance()).epsilon(1e-12));
  CHECK(merged.pessimistic_variance() ==
        doctest::Approx(all.pessimistic_variance()).epsilon(1e-12));
}

TEST_CASE("the focus tracker's first sample moves the mean and keeps the inherited covariance") {
  FocusState start;
  start.mean = {0.1, 0.2};
  start.covariance = {0.04, 0.01, 0.09};
  FocusTracker focus(start);
  focus.add_without_dominance({0.3, -0.1}, -120.0);
  CHECK(focus.state().mean == UnitPoint{0.3, -0.1});
  CHECK(focus.state().covariance == start.covariance);
  CHECK(focus.log_sum_weight() == -120.0);
}

TEST_CASE("the focus tracker's weighted update, and the anti-dominance rule") {
  FocusState start;
  start.covariance = {0.5, 0.1, 0.25};
  SUBCASE("equal weights: the ordinary update") {
    FocusTracker focus(start);
    focus.add_without_dominance({0.0, 0.0}, 0.0);
    focus.add_without_dominance({0.4, -0.2}, 0.0);  // r = q = 1/2, shift (0.4, -0.2)
    CHECK(focus.state().mean[0] == doctest::Approx(0.2));
    CHECK(focus.state().mean[1] == doctest::Approx(-0.1));
    CHECK(focus.state().covariance[0] == doctest::Approx((0.5 + 0.16 / 2) / 2));
    CHECK(focus.state().covariance[1] == doctest::Approx((0.1 - 0.08 / 2) / 2));
    CHECK(focus.state().covariance[2] == doctest::Approx((0.25 + 0.04 / 2) / 2));
    CHECK(focus.log_sum_weight() == doctest::Approx(std::log(2.0)));
  }
  SUBCASE("a sample more than e times heavier than all before moves the focus halfway") {
    FocusTracker focus(start);
    focus.add_without_dominance({0.0, 0.0}, 0.0);
    focus.add_without_dominance({0.4, -0.2}, 5.0);  // both weights become e^2.5
    CHECK(focus.state().mean[0] == doctest::Approx(0.2));
    CHECK(focus.state().mean[1] == doctest::Approx(-0.1));
    CHECK(focus.log_sum_weight() == doctest::Approx(2.5 + std::log(2.0)));
  }
  SUBCASE("up to e times heavier counts in full") {
    FocusTracker focus(start);
    focus.add_without_dominance({0.0, 0.0}, 0.0);
    focus.add_without_dominance({0.4, -0.2}, 1.0);
    const double r = std::exp(1.0) / (1.0 + std::exp(1.0));
    CHECK(focus.state().mean[0] == doctest::Approx(0.4 * r));
  }
}

TEST_CASE("merging focus trackers weighs their moments; an empty one changes nothing") {
  FocusTracker a;
  a.add_without_dominance({0.2, 0.2}, 0.0);
  FocusTracker b;
  b.add_without_dominance({-0.2, 0.4}, std::log(3.0));
  const FocusTracker merged = FocusTracker::merged(a, b);
  CHECK(merged.state().mean[0] == doctest::Approx(-0.1));
  CHECK(merged.state().mean[1] == doctest::Approx(0.35));
  CHECK(merged.log_sum_weight() == doctest::Approx(std::log(4.0)));
  // Unit covariances of both plus the spread of the means.
  CHECK(merged.state().covariance[0] == doctest::Approx(1.0 + 0.25 * 0.75 * 0.16));
  CHECK(FocusTracker::merged(a, FocusTracker{}).state() == a.state());
  CHECK(FocusTracker::merged(FocusTracker{}, b).state() == b.state());
}

TEST_CASE("the proposal stays inside the open square and reports the normal's log rarity") {
  Random random(7);
  FocusState focus;
  focus.mean = {0.99, -0.99};
  focus.covariance = {0.01, 0.0, 0.01};
  const Proposal proposal(focus, 5.0);
  for (int i = 0; i < 1000; ++i) {
    double rarity = -1.0;
    const UnitPoint p = proposal.draw(random, rarity);
    CHECK(std::fabs(p[0]) < 1.0);
    CHECK(std::fabs(p[1]) < 1.0);
    CHECK(rarity >= 0.0);
  }
}

TEST_CASE("the proposal's rarity equals the reference's d / (2 scale)") {
  // d: squared Mahalanobis distance of the point from the focus mean under the unscaled focus
  // covariance, as the reference computes it with numpy.linalg.solve.
  FocusState focus;
  focus.mean = {0.1, -0.2};
  focus.covariance = {0.04, 0.012, 0.01};
  const double scale = 5.0;
  const Proposal proposal(focus, scale);
  Random random(3);
  const auto& c = focus.covariance;
  const double det = c[0] * c[2] - c[1] * c[1];
  for (int i = 0; i < 200; ++i) {
    double rarity = -1.0;
    const UnitPoint p = proposal.draw(random, rarity);
    const double s0 = p[0] - focus.mean[0];
    const double s1 = p[1] - focus.mean[1];
    const double d = (c[2] * s0 * s0 - 2.0 * c[1] * s0 * s1 + c[0] * s1 * s1) / det;
    CHECK(rarity == doctest::Approx(d / (2.0 * scale)).epsilon(1e-9));
  }
}

TEST_CASE("a focus stuck on the square's edge falls back to uniform points instead of hanging") {
  Random random(7);
  FocusState focus;
  focus.mean = {1.0, 1.0};
  focus.covariance = {0.0, 0.0, 0.0};
  double rarity = -1.0;
  const UnitPoint p = Proposal(focus, 5.0).draw(random, rarity);
  CHECK(std::fabs(p[0]) < 1.0);
  CHECK(std::fabs(p[1]) < 1.0);
  CHECK(rarity == 0.0);
}

TEST_CASE("the generator is reproducible and its normals have unit variance") {
  Random a(42);
  Random b(42);
  for (int i = 0; i < 100; ++i) CHECK(a.next() == b.next());
  Random random(1);
  double sum = 0.0;
  double sum_sq = 0.0;
  constexpr int kPairs = 100000;
  for (int i = 0; i < kPairs; ++i) {
    const auto [x, y] = random.normal_pair();
    sum += x + y;
    sum_sq += x * x + y * y;
  }
  CHECK(std::fabs(sum / (2 * kPairs)) < 0.01);
  CHECK(sum_sq / (2 * kPairs) == doctest::Approx(1.0).epsilon(0.02));
}

TEST_CASE("chunk seeds differ for every coordinate") {
  std::set<std::uint64_t> seeds;
  for (std::uint64_t trial = 1; trial <= 20; ++trial) {
    for (std::uint64_t fit = 0; fit < 2; ++fit) {
      for (std::uint64_t chunk = 0; chunk < 20; ++chunk) {
        seeds.insert(derive_seed(0, trial, fit, chunk));
      }
    }
  }
  CHECK(seeds.size() == 800);
  CHECK(derive_seed(1, 1, 0, 0) != derive_seed(0, 1, 0, 0));
}

}  // namespace trexsearch::plr
