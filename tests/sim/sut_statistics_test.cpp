// expected_loss_ratio() is the truth the searches are judged against, so it must
// agree with what trial() actually does. Each case averages many trials' loss
// ratios and accepts the model's expectation when it lies within five standard
// errors of that average (sample standard deviation / sqrt(trials)); for an
// unbiased model this fails with probability below 1e-6 for a fresh seed, and
// the fixed seeds make it reproducible. Two frames of slack cover rounding to
// whole frames (noisy rounds its drawn capacity).
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "sim/sut_model.hpp"

namespace trexsearch::sim {
namespace {

struct Sample {
  double mean = 0.0;
  double standard_error = 0.0;
  std::int64_t offered = 0;
};

Sample sample_loss_ratio(SutModel& model, double load_pps, measure::Seconds duration, int trials) {
  double sum = 0.0;
  double sum_squares = 0.0;
  Sample sample;
  for (int i = 0; i < trials; ++i) {
    const measure::TrialOutcome outcome = model.trial(duration, load_pps);
    sample.offered = outcome.offered_count;
    const double ratio =
        static_cast<double>(outcome.loss_count) / static_cast<double>(outcome.offered_count);
    sum += ratio;
    sum_squares += ratio * ratio;
  }
  const double n = static_cast<double>(trials);
  sample.mean = sum / n;
  const double variance = std::max(0.0, (sum_squares - n * sample.mean * sample.mean) / (n - 1));
  sample.standard_error = std::sqrt(variance / n);
  return sample;
}

struct Case {
  const char* model;
  SutOptions options;
  double load_pps;
  double duration_s;
};

}  // namespace

TEST_CASE("observed average loss ratios agree with expected_loss_ratio") {
  const Case cases[] = {
      {"noisy", {{"capacity_pps", 1e7}, {"noise", 0.01}}, 1e7, 1.0},
      {"noisy", {{"capacity_pps", 1e7}, {"noise", 0.01}}, 1.01e7, 1.0},
      {"noisy", {{"capacity_pps", 1e6}, {"noise", 0.6}}, 5e5, 1.0},  // capacity clamped at 0
      {"lossy", {{"capacity_pps", 1e7}, {"background_loss_ratio", 0.001}}, 5e6, 1.0},
      {"lossy", {{"capacity_pps", 1e7}, {"background_loss_ratio", 0.001}}, 1e7 / 0.999, 1.0},
      {"lossy", {{"capacity_pps", 1e7}, {"background_loss_ratio", 0.01}}, 1.2e7, 2.0},
      {"bursty", {{"event_rate_per_s", 2.0}, {"interruption_s", 0.01}}, 5e6, 1.0},
      // Ten interruptions of a tenth of the trial on average: the cap at the
      // forwardable frames matters in 42 % of the trials.
      {"bursty", {{"event_rate_per_s", 10.0}, {"interruption_s", 0.1}}, 5e6, 1.0},
      {"bursty", {{"event_rate_per_s", 0.5}, {"interruption_s", 0.001}}, 1.05e7, 1.0},
      {"soak", {{"capacity_pps", 1e7}, {"spread_pps", 1e4}}, 1e7, 1.0},
      {"soak", {{"capacity_pps", 1e7}, {"spread_pps", 1e4}}, 9.95e6, 5.0},
      {"soak", {{"capacity_pps", 1e4}, {"spread_pps", 1e4}}, 100.0, 0.1},  // cap at offered
  };
  std::uint64_t seed = 100;
  for (const Case& c : cases) {
    const std::string model = c.model;
    CAPTURE(model);
    CAPTURE(c.load_pps);
    auto sut = make_sut(c.model, c.options, ++seed);
    const measure::Seconds duration{c.duration_s};
    const Sample sample = sample_loss_ratio(*sut, c.load_pps, duration, 4000);
    const double expected = sut->expected_loss_ratio(c.load_pps, duration);
    const double tolerance =
        5.0 * sample.standard_error + 2.0 / static_cast<double>(sample.offered);
    CAPTURE(sample.mean);
    CAPTURE(tolerance);
    CHECK(expected > 0.0);
    CHECK(std::fabs(sample.mean - expected) <= tolerance);
  }
}

TEST_CASE("noisy: the median trial at capacity is loss-free, above it lossy") {
  // The true-capacity definition: half the trials at C see no loss.
  auto sut = make_sut("noisy", {{"capacity_pps", 1e7}, {"noise", 0.01}}, 77);
  int lossless_at_capacity = 0;
  int lossless_above = 0;
  for (int i = 0; i < 2000; ++i) {
    lossless_at_capacity += sut->trial(measure::Seconds{1.0}, 1e7).loss_count == 0 ? 1 : 0;
    lossless_above += sut->trial(measure::Seconds{1.0}, 1.01e7).loss_count == 0 ? 1 : 0;
  }
  // Binomial(2000, 1/2) has standard deviation 22.4: 5 of them either side.
  CHECK(lossless_at_capacity > 1000 - 112);
  CHECK(lossless_at_capacity < 1000 + 112);
  // One noise sigma above C: P(no loss) = 1 - Phi(1) = 0.159, sd 16.4 trials; 5 of them.
  CHECK(lossless_above > 317 - 82);
  CHECK(lossless_above < 317 + 82);
}

}  // namespace trexsearch::sim
