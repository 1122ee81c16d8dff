#include "sim/lossy_sut.hpp"

#include <algorithm>

#include "sim/frame_counts.hpp"
#include "sim/loss_expectation.hpp"

namespace trexsearch::sim {
namespace {

const SutOptionSpec specs[] = {
    capacity_option("forwarding capacity C"),
    {.name = "background_loss_ratio",
     .default_value = 0.001,
     .unit = "1",
     .description = "probability f that any offered frame is lost",
     .min = 0.0,
     .max = 1.0,
     .max_inclusive = false},
};

}  // namespace

std::span<const SutOptionSpec> LossySut::option_specs() { return specs; }

LossySut::LossySut(const SutOptions& options, std::uint64_t seed)
    : options_(name, options, specs),
      capacity_pps_(options_.get("capacity_pps")),
      background_loss_ratio_(options_.get("background_loss_ratio")),
      seed_(seed),
      random_(seed) {}

measure::TrialOutcome LossySut::trial(measure::Seconds duration, double load_pps) {
  measure::TrialOutcome outcome;
  outcome.offered_count = offered_frames(name, load_pps, duration);
  std::binomial_distribution<std::int64_t> survivors_of(outcome.offered_count,
                                                        1.0 - background_loss_ratio_);
  const std::int64_t survivors = survivors_of(random_);
  const std::int64_t forwarded = std::min(survivors, frames_at_rate(capacity_pps_, duration));
  outcome.loss_count = outcome.offered_count - forwarded;
  return outcome;
}

double LossySut::expected_loss_ratio(double load_pps, measure::Seconds duration) const {
  const std::int64_t offered = offered_frames(name, load_pps, duration);
  if (offered == 0) return 0.0;
  const double forwarded =
      expected_min_binomial(offered, 1.0 - background_loss_ratio_,
                            static_cast<double>(frames_at_rate(capacity_pps_, duration)));
  return std::clamp(1.0 - forwarded / static_cast<double>(offered), 0.0, 1.0);
}

std::optional<double> LossySut::true_capacity_pps() const {
  if (background_loss_ratio_ > 0.0) return std::nullopt;
  return capacity_pps_;
}

std::string LossySut::describe() const {
  return std::string(name) + " " + options_.summary() + " seed=" + std::to_string(seed_);
}

}  // namespace trexsearch::sim
