#include "sim/noisy_sut.hpp"

#include <algorithm>

#include "sim/frame_counts.hpp"
#include "sim/loss_expectation.hpp"

namespace trexsearch::sim {
namespace {

const SutOptionSpec specs[] = {
    capacity_option("median forwarding capacity C"),
    {.name = "noise",
     // Below the usual 0.5 % goal width, so that one width is a fair precision
     // target by default; larger values show how noise spreads the results.
     .default_value = 0.002,
     .unit = "1",
     .description = "relative standard deviation of the per-trial capacity",
     .min = 0.0,
     .max = 1.0},
};

}  // namespace

std::span<const SutOptionSpec> NoisySut::option_specs() { return specs; }

NoisySut::NoisySut(const SutOptions& options, std::uint64_t seed)
    : options_(name, options, specs),
      capacity_pps_(options_.get("capacity_pps")),
      noise_(options_.get("noise")),
      seed_(seed),
      random_(seed) {}

measure::TrialOutcome NoisySut::trial(measure::Seconds duration, double load_pps) {
  measure::TrialOutcome outcome;
  outcome.offered_count = offered_frames(name, load_pps, duration);
  // One draw per trial, even at zero noise, so the sequence does not depend on options.
  const double z = standard_normal_(random_);
  const double trial_capacity_pps = std::max(0.0, capacity_pps_ * (1.0 + noise_ * z));
  outcome.loss_count = std::max<std::int64_t>(
      0, outcome.offered_count - frames_at_rate(trial_capacity_pps, duration));
  return outcome;
}

double NoisySut::expected_loss_ratio(double load_pps, measure::Seconds duration) const {
  const std::int64_t offered = offered_frames(name, load_pps, duration);
  if (offered == 0) return 0.0;
  // Forwarded frames F = max(0, Y) with Y ~ N(C d, (C noise d)^2); loss = (n - F)+.
  // E[(n - max(0, Y))+] = E[(n - Y)+] - E[(0 - Y)+]: the clamp at zero only
  // matters when the noise is large enough for negative capacities.
  const double n = static_cast<double>(offered);
  const double mean = capacity_pps_ * duration.count();
  const double stddev = mean * noise_;
  const double lost =
      expected_shortfall_normal(n, mean, stddev) - expected_shortfall_normal(0.0, mean, stddev);
  return std::clamp(lost / n, 0.0, 1.0);
}

std::string NoisySut::describe() const {
  return std::string(name) + " " + options_.summary() + " seed=" + std::to_string(seed_);
}

}  // namespace trexsearch::sim
