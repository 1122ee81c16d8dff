#include "sim/soak_sut.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "sim/frame_counts.hpp"
#include "sim/loss_expectation.hpp"

namespace trexsearch::sim {
namespace {

const SutOptionSpec specs[] = {
    capacity_option("load C where the loss rate turns from exponential to linear"),
    {.name = "spread_pps",
     .default_value = 1e4,
     .unit = "frames/s",
     .description = "width s of the transition around C",
     .min = 0.0,
     .min_inclusive = false,
     .max = std::numeric_limits<double>::infinity()},
};

/// ln(1 + e^x) without overflow for large x or loss of precision for very negative x.
double softplus(double x) { return std::max(x, 0.0) + std::log1p(std::exp(-std::fabs(x))); }

}  // namespace

std::span<const SutOptionSpec> SoakSut::option_specs() { return specs; }

SoakSut::SoakSut(const SutOptions& options, std::uint64_t seed)
    : options_(name, options, specs),
      capacity_pps_(options_.get("capacity_pps")),
      spread_pps_(options_.get("spread_pps")),
      seed_(seed),
      random_(seed) {}

double SoakSut::loss_rate_pps(double load_pps) const {
  const double rate = spread_pps_ * (softplus((load_pps - capacity_pps_) / spread_pps_) -
                                     softplus(-capacity_pps_ / spread_pps_));
  return std::clamp(rate, 0.0, std::max(load_pps, 0.0));
}

measure::TrialOutcome SoakSut::trial(measure::Seconds duration, double load_pps) {
  measure::TrialOutcome outcome;
  outcome.offered_count = offered_frames(name, load_pps, duration);
  const double mean_lost = loss_rate_pps(load_pps) * duration.count();
  std::int64_t lost = 0;
  if (mean_lost > 0.0) {
    std::poisson_distribution<std::int64_t> lost_in_trial(mean_lost);
    lost = lost_in_trial(random_);
  }
  outcome.loss_count = std::min(lost, outcome.offered_count);
  return outcome;
}

double SoakSut::expected_loss_ratio(double load_pps, measure::Seconds duration) const {
  const std::int64_t offered = offered_frames(name, load_pps, duration);
  if (offered == 0) return 0.0;
  const double n = static_cast<double>(offered);
  const double lost = expected_min_poisson(loss_rate_pps(load_pps) * duration.count(), n);
  return std::clamp(lost / n, 0.0, 1.0);
}

std::string SoakSut::describe() const {
  return std::string(name) + " " + options_.summary() + " seed=" + std::to_string(seed_);
}

}  // namespace trexsearch::sim
