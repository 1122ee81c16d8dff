#include "sim/sut_measurer.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "measure/errors.hpp"
#include "measure/latency_summary.hpp"
#include "sim/latency_options.hpp"

namespace trexsearch::sim {
namespace {

constexpr const char* direction_names[] = {"0->1", "1->0"};
// The latency pg_ids a TRex profile would use (trex-flowstats-latency.md §1.4).
constexpr std::uint32_t latency_pg_id_base = 0x100;

}  // namespace

SutMeasurer::SutMeasurer(std::unique_ptr<SutModel> model, measure::Seconds overhead)
    : model_(std::move(model)), overhead_(overhead) {
  if (!model_) throw measure::ConfigError("sut", "null", "a SUT measurer needs a model");
  if (!std::isfinite(overhead_.count()) || overhead_.count() < 0.0) {
    throw measure::ConfigError("trial_overhead", measure::format_value(overhead_.count()),
                               "must be finite and >= 0 [s]");
  }
  const LatencyOptions& latency = model_->latency_options();
  for (std::uint32_t direction = 0; direction < 2; ++direction) {
    latency_.emplace_back(latency.parameters, latency_seed(latency.seed, direction));
  }
}

measure::TrialOutcome SutMeasurer::measure(measure::Seconds intended_duration,
                                           double intended_load_pps, std::stop_token stop) {
  if (stop.stop_requested()) throw measure::MeasurementCancelled();
  measure::TrialOutcome outcome = model_->trial(intended_duration, intended_load_pps);
  outcome.effective_duration = intended_duration + overhead_;
  elapsed_ += *outcome.effective_duration;
  return outcome;
}

bool SutMeasurer::has_latency_streams() const {
  return model_->latency_options().stream_rate_pps > 0.0;
}

measure::TrialOutcome SutMeasurer::measure_latency(measure::Seconds intended_duration,
                                                   double intended_load_pps, std::stop_token stop) {
  if (stop.stop_requested()) throw measure::MeasurementCancelled();
  if (!has_latency_streams())
    return measure::Measurer::measure_latency(intended_duration, intended_load_pps, stop);
  const double rate_pps = model_->latency_options().stream_rate_pps;
  if (!std::isfinite(intended_load_pps) || intended_load_pps < rate_pps) {
    throw measure::MeasurementError(
        "sim measurer: latency trial load " + measure::format_value(intended_load_pps) +
        " pps is below the latency streams' rate " + measure::format_value(rate_pps) +
        " pps (the load includes them; latency_rate_pps)");
  }
  const measure::Seconds soak_offset = elapsed_;
  // load == L: CSIT's "0 %" trial, the latency streams alone.
  const double main_pps = intended_load_pps - rate_pps;
  measure::TrialOutcome outcome;
  if (main_pps > 0.0) outcome = model_->trial(intended_duration, main_pps);
  outcome.effective_duration = intended_duration + overhead_;
  elapsed_ += *outcome.effective_duration;

  double capacity_pps = model_->service_capacity_pps();
  if (!std::isfinite(capacity_pps)) capacity_pps = std::numeric_limits<double>::max();
  for (std::uint32_t direction = 0; direction < latency_.size(); ++direction) {
    const LatencyTrial trial = latency_[direction].trial({.load_pps = intended_load_pps,
                                                          .capacity_pps = capacity_pps,
                                                          .duration = intended_duration,
                                                          .soak_offset = soak_offset,
                                                          .stream_rate_pps = rate_pps});
    measure::DirectionLatency latency;
    latency.name = direction_names[direction];
    latency.pg_id = latency_pg_id_base | direction;
    latency.rate_pps = rate_pps;
    latency.sent = trial.sent;
    latency.received = trial.received;
    latency.errors = trial.errors;
    latency.summary = measure::summarize(trial.samples.histogram, trial.samples.jitter_us);
    latency.hdrh = trial.samples.histogram.encode();
    latency.buckets = trial.samples.buckets;
    outcome.latency.push_back(std::move(latency));
  }
  return outcome;
}

}  // namespace trexsearch::sim
