#include "search/fast/critical_estimate.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <numbers>
#include <vector>

namespace trexsearch::mlr {
namespace {

/// The normal fit's starting spread (relative): the usual goal width.
constexpr double initial_relative_stddev = 0.005;
/// Keeps the fit finite on a deterministic SUT (every exact value equal).
constexpr double min_relative_stddev = 1e-5;
/// The fit settles in a few dozen iterations; this only bounds the loop.
constexpr int max_fit_iterations = 200;

/// A load a trial could take: exactly (high-loss trial) or at least (low-loss).
struct Observation {
  double load_pps = 0.0;
  bool exact = false;
};

/// Kaplan-Meier median of partly known values (exact ones are events,
/// "at least" ones are censored); nothing when the survival never halves.
std::optional<double> censored_median(std::vector<Observation> observations) {
  // At equal values events come first: a trial that passed at exactly the load
  // another one failed at is still "at risk" there.
  std::sort(observations.begin(), observations.end(),
            [](const Observation& a, const Observation& b) {
              if (a.load_pps != b.load_pps) return a.load_pps < b.load_pps;
              return a.exact && !b.exact;
            });
  double at_risk = static_cast<double>(observations.size());
  double survival = 1.0;
  for (auto it = observations.begin(); it != observations.end(); ++it) {
    if (it->exact) {
      survival *= 1.0 - 1.0 / at_risk;
      if (survival < 0.5 - 1e-9) return it->load_pps;
      if (survival <= 0.5 + 1e-9) {
        // Exactly half: the survival curve is flat at 0.5 up to the next
        // event, and the median is midway (for two values, their mean).
        // Taking the lower value biased the estimate low by half the spread
        // of the first few trials, and with exceed ratio 0 a load placed too
        // low is an upper bound for good once one of its trials fails.
        const auto next = std::find_if(std::next(it), observations.end(),
                                       [](const Observation& o) { return o.exact; });
        return next == observations.end() ? it->load_pps : (it->load_pps + next->load_pps) / 2.0;
      }
    }
    at_risk -= 1.0;
  }
  return std::nullopt;
}

/// A tester-limited trial whose SUT still lost more than the target's loss ratio
/// of what it was offered: the SUT, not only the tester, was saturated.
bool saturated_sut(const measure::TrialResult& result, const ClassificationTarget& target) {
  const std::optional<measure::TrialCounts>& counts = result.counts();
  if (!counts || counts->offered <= 0) return false;
  return static_cast<double>(counts->loss) / static_cast<double>(counts->offered) >
         target.loss_ratio;
}

}  // namespace

std::optional<double> exact_load_pps(const TrialRecord& trial, const ClassificationTarget& target) {
  if (trial.phase == TrialPhase::warmup) return std::nullopt;
  const measure::TrialResult& result = trial.result;
  if (result.tester_limited()) {
    // It never passes a goal (docs/trials.md), but when the SUT dropped frames
    // of the rate it was offered, what it forwarded is still a sample of its
    // capacity (forwarding_rate_pps counts what got through, the tester's
    // shortfall included). On a tester that cannot reach max load, the first
    // trials are all like this; without their samples the fast strategy spent
    // more trials at max load (the stand, 2026-11-29). A tester-limited trial
    // the SUT forwarded in full says only that it took the rate offered.
    if (!saturated_sut(result, target)) return std::nullopt;
  } else if (result.loss_ratio(target.loss_scope) <= target.loss_ratio) {
    return std::nullopt;
  }
  return std::min(result.intended_load_pps(),
                  result.forwarding_rate_pps() / (1.0 - target.loss_ratio));
}

std::optional<double> passing_limit_pps(const TrialRecord& trial,
                                        const ClassificationTarget& target) {
  if (std::optional<double> exact = exact_load_pps(trial, target)) return exact;
  if (trial.phase == TrialPhase::warmup || !trial.result.tester_limited()) return std::nullopt;
  return std::min(trial.result.intended_load_pps(), *trial.result.tester_limited_pps());
}

std::optional<double> critical_load_estimate_pps(std::span<const TrialRecord> trials,
                                                 const ClassificationTarget& target) {
  std::vector<Observation> full_length;
  std::vector<Observation> any_length;
  for (const TrialRecord& trial : trials) {
    const measure::TrialResult& result = trial.result;
    if (trial.phase == TrialPhase::warmup) continue;
    Observation observation{result.intended_load_pps(), false};
    if (const std::optional<double> limit = passing_limit_pps(trial, target)) {
      observation = {*limit, true};
    }
    any_length.push_back(observation);
    if (result.intended_duration() >= target.trial_duration) full_length.push_back(observation);
  }
  // Without a known value the survival never halves: censored_median says nothing.
  if (std::any_of(full_length.begin(), full_length.end(),
                  [](const Observation& observation) { return observation.exact; })) {
    if (auto median = censored_median(std::move(full_length))) return median;
  }
  return censored_median(std::move(any_length));
}

std::optional<double> normal_fit_median_pps(std::span<const TrialRecord> trials,
                                            const ClassificationTarget& target) {
  std::vector<double> exact;
  std::vector<double> censored;
  for (const TrialRecord& trial : trials) {
    const measure::TrialResult& result = trial.result;
    if (trial.phase == TrialPhase::warmup) continue;
    if (const std::optional<double> value = passing_limit_pps(trial, target)) {
      exact.push_back(*value);
    } else {
      censored.push_back(result.intended_load_pps());
    }
  }
  if (exact.empty()) return std::nullopt;
  double exact_sum = 0.0;
  double exact_square_sum = 0.0;
  for (const double value : exact) {
    exact_sum += value;
    exact_square_sum += value * value;
  }
  double mean = exact_sum / static_cast<double>(exact.size());
  // Expectation-maximisation for a normal sample right-censored at the
  // low-loss trials' loads: each censored value is replaced by its expected
  // value (and square) above its load under the current fit.
  const double count = static_cast<double>(exact.size() + censored.size());
  const double min_stddev = mean * min_relative_stddev;
  double stddev = mean * initial_relative_stddev;
  for (int iteration = 0; iteration < max_fit_iterations; ++iteration) {
    double sum = exact_sum;
    double square_sum = exact_square_sum;
    for (const double value : censored) {
      const double alpha = (value - mean) / stddev;
      // The inverse Mills ratio phi(alpha) / (1 - Phi(alpha)); its asymptote
      // where the tail underflows.
      const double tail = 0.5 * std::erfc(alpha / std::numbers::sqrt2);
      const double density =
          std::exp(-0.5 * alpha * alpha) * std::numbers::inv_sqrtpi / std::numbers::sqrt2;
      const double mills = alpha > 30.0 || tail <= 0.0 ? alpha + 1.0 / alpha : density / tail;
      sum += mean + stddev * mills;
      square_sum += mean * mean + stddev * stddev + stddev * mills * (value + mean);
    }
    const double next_mean = sum / count;
    const double next_stddev =
        std::max(min_stddev, std::sqrt(std::max(0.0, square_sum / count - next_mean * next_mean)));
    const bool settled =
        std::abs(next_mean - mean) <= 1e-9 * mean && std::abs(next_stddev - stddev) <= 1e-9 * mean;
    mean = next_mean;
    stddev = next_stddev;
    if (settled) break;
  }
  return mean;
}

std::optional<double> mean_passing_limit_pps(std::span<const TrialRecord> trials,
                                             const ClassificationTarget& target) {
  double sum_pps = 0.0;
  int count = 0;
  for (const TrialRecord& trial : trials) {
    if (const std::optional<double> limit = passing_limit_pps(trial, target)) {
      sum_pps += *limit;
      ++count;
    }
  }
  if (count == 0) return std::nullopt;
  return sum_pps / count;
}

PassingLimitSpread passing_limit_spread(std::span<const TrialRecord> trials,
                                        const ClassificationTarget& target,
                                        std::optional<measure::Seconds> duration) {
  std::vector<double> values;
  for (const TrialRecord& trial : trials) {
    if (duration && trial.result.intended_duration() != *duration) continue;
    if (const std::optional<double> limit = passing_limit_pps(trial, target)) {
      values.push_back(*limit);
    }
  }
  PassingLimitSpread spread;
  spread.count = static_cast<int>(values.size());
  if (values.size() < 2) return spread;
  double mean = 0.0;
  for (const double value : values) mean += value;
  mean /= static_cast<double>(values.size());
  double square_sum = 0.0;
  for (const double value : values) square_sum += (value - mean) * (value - mean);
  spread.relative_stddev = std::sqrt(square_sum / static_cast<double>(values.size() - 1)) / mean;
  return spread;
}

}  // namespace trexsearch::mlr
