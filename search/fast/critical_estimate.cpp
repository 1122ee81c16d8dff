#include "search/fast/critical_estimate.hpp"

#include <algorithm>
#include <vector>

namespace trexsearch::mlr {
namespace {

std::optional<double> median(std::vector<double> values) {
  if (values.empty()) return std::nullopt;
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  if (values.size() % 2 == 1) return *middle;
  const double upper = *middle;
  const double lower = *std::max_element(values.begin(), middle);
  return (lower + upper) / 2.0;
}

}  // namespace

std::optional<double> critical_load_estimate_pps(std::span<const TrialRecord> trials,
                                                 const ClassificationTarget& target) {
  std::vector<double> full_length;
  std::vector<double> any_length;
  for (const TrialRecord& trial : trials) {
    if (trial.phase == TrialPhase::warmup) continue;
    const TrialResult& result = trial.result;
    if (result.loss_ratio(target.loss_scope) <= target.loss_ratio) continue;
    // A tester-limited trial forwarded what the tester sent, not what the SUT
    // can take: its rate says nothing about the SUT.
    if (result.tester_limited()) continue;
    const double estimate = std::min(result.intended_load_pps(),
                                     result.forwarding_rate_pps() / (1.0 - target.loss_ratio));
    any_length.push_back(estimate);
    if (result.intended_duration() >= target.trial_duration) full_length.push_back(estimate);
  }
  return median(full_length.empty() ? std::move(any_length) : std::move(full_length));
}

}  // namespace trexsearch::mlr
