#include "sim/duration_dependent_sut.hpp"

#include <algorithm>

#include "sim/frame_counts.hpp"

namespace trexsearch::sim {
namespace {

const SutOptionSpec specs[] = {
    capacity_option("long-term forwarding capacity C"),
    {.name = "buffer_frames",
     .default_value = 1e5,
     .unit = "frames",
     .description = "excess frames absorbed per trial (B)",
     .min = 0.0,
     .max = 1e15,
     .integer = true},
};

}  // namespace

std::span<const SutOptionSpec> DurationDependentSut::option_specs() { return specs; }

DurationDependentSut::DurationDependentSut(const SutOptions& options)
    : options_(name, options, specs),
      capacity_pps_(options_.get("capacity_pps")),
      buffer_frames_(static_cast<std::int64_t>(options_.get("buffer_frames"))) {}

std::int64_t DurationDependentSut::lost_frames(std::int64_t offered,
                                               measure::Seconds duration) const {
  const std::int64_t absorbed = frames_at_rate(capacity_pps_, duration) + buffer_frames_;
  return std::max<std::int64_t>(0, offered - absorbed);
}

measure::TrialOutcome DurationDependentSut::trial(measure::Seconds duration, double load_pps) {
  measure::TrialOutcome outcome;
  outcome.offered_count = offered_frames(name, load_pps, duration);
  outcome.loss_count = lost_frames(outcome.offered_count, duration);
  return outcome;
}

double DurationDependentSut::expected_loss_ratio(double load_pps, measure::Seconds duration) const {
  const std::int64_t offered = offered_frames(name, load_pps, duration);
  if (offered == 0) return 0.0;
  return static_cast<double>(lost_frames(offered, duration)) / static_cast<double>(offered);
}

std::string DurationDependentSut::describe() const {
  return std::string(name) + " " + options_.summary();
}

}  // namespace trexsearch::sim
