#include "sim/bursty_sut.hpp"

#include <algorithm>

#include "sim/frame_counts.hpp"
#include "sim/loss_expectation.hpp"

namespace trexsearch::sim {
namespace {

const SutOptionSpec specs[] = {
    capacity_option("forwarding capacity C"),
    {.name = "event_rate_per_s",
     .default_value = 0.01,
     .unit = "1/s",
     .description = "mean number of interruptions per second of trial",
     .min = 0.0,
     .max = 1e6},
    {.name = "interruption_s",
     .default_value = 0.001,
     .unit = "s",
     .description = "length of one interruption; all frames offered during it are lost",
     .min = 0.0,
     .max = 3600.0},
};

}  // namespace

std::span<const SutOptionSpec> BurstySut::option_specs() { return specs; }

BurstySut::BurstySut(const SutOptions& options, std::uint64_t seed)
    : options_(name, options, specs),
      capacity_pps_(options_.get("capacity_pps")),
      event_rate_per_s_(options_.get("event_rate_per_s")),
      interruption_(options_.get("interruption_s")),
      seed_(seed),
      random_(seed) {}

measure::TrialOutcome BurstySut::trial(measure::Seconds duration, double load_pps) {
  measure::TrialOutcome outcome;
  outcome.offered_count = offered_frames(name, load_pps, duration);
  const std::int64_t forwardable =
      std::min(outcome.offered_count, frames_at_rate(capacity_pps_, duration));
  const double mean_events = event_rate_per_s_ * duration.count();
  std::int64_t events = 0;
  if (mean_events > 0.0) {
    std::poisson_distribution<std::int64_t> events_in_trial(mean_events);
    events = events_in_trial(random_);
  }
  // Interruptions overlapping each other or the trial's edges are ignored: they are
  // rare by design, and the cap keeps the count sane when they are not.
  const std::int64_t per_event = frames_at_rate(load_pps, interruption_);
  const double interrupted = static_cast<double>(events) * static_cast<double>(per_event);
  const std::int64_t burst_loss =
      interrupted >= static_cast<double>(forwardable) ? forwardable : events * per_event;
  outcome.loss_count = outcome.offered_count - forwardable + burst_loss;
  return outcome;
}

double BurstySut::expected_loss_ratio(double load_pps, measure::Seconds duration) const {
  const std::int64_t offered = offered_frames(name, load_pps, duration);
  if (offered == 0) return 0.0;
  const std::int64_t forwardable = std::min(offered, frames_at_rate(capacity_pps_, duration));
  const std::int64_t per_event = frames_at_rate(load_pps, interruption_);
  double burst_loss = 0.0;
  if (per_event > 0) {
    // E[min(N b, F)] = b E[min(N, F / b)] with N ~ Poisson(rate * duration).
    const double b = static_cast<double>(per_event);
    burst_loss = b * expected_min_poisson(event_rate_per_s_ * duration.count(),
                                          static_cast<double>(forwardable) / b);
  }
  const double lost = static_cast<double>(offered - forwardable) + burst_loss;
  return std::clamp(lost / static_cast<double>(offered), 0.0, 1.0);
}

std::string BurstySut::describe() const {
  return std::string(name) + " " + options_.summary() + " seed=" + std::to_string(seed_);
}

}  // namespace trexsearch::sim
