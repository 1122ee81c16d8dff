#include "sim/sharp_sut.hpp"

#include <algorithm>

#include "sim/frame_counts.hpp"

namespace trexsearch::sim {
namespace {

const SutOptionSpec specs[] = {
    capacity_option("forwarding capacity C"),
};

}  // namespace

std::span<const SutOptionSpec> SharpSut::option_specs() { return specs; }

SharpSut::SharpSut(const SutOptions& options)
    : options_(name, options, specs), capacity_pps_(options_.get("capacity_pps")) {}

measure::TrialOutcome SharpSut::trial(measure::Seconds duration, double load_pps) {
  measure::TrialOutcome outcome;
  outcome.offered_count = offered_frames(name, load_pps, duration);
  outcome.loss_count =
      std::max<std::int64_t>(0, outcome.offered_count - frames_at_rate(capacity_pps_, duration));
  return outcome;
}

double SharpSut::expected_loss_ratio(double load_pps, measure::Seconds duration) const {
  // Deterministic: the expectation is the one outcome, counts rounded as in trial().
  const std::int64_t offered = offered_frames(name, load_pps, duration);
  if (offered == 0) return 0.0;
  const std::int64_t lost =
      std::max<std::int64_t>(0, offered - frames_at_rate(capacity_pps_, duration));
  return static_cast<double>(lost) / static_cast<double>(offered);
}

std::string SharpSut::describe() const { return std::string(name) + " " + options_.summary(); }

}  // namespace trexsearch::sim
