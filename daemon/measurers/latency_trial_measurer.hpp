#pragma once

#include <optional>
#include <string>

#include "measure/measurer.hpp"

namespace trexsearch {

/// Makes every trial a latency trial: measure() becomes the inner measurer's
/// measure_latency() (docs/latency.md, `latency.every_trial`, and every PLR trial of a
/// measurer with latency streams). The latency streams then run in every trial, as
/// NFVbench does (trex-flowstats-latency.md §2.4 item 3), so no trial can be below
/// their rate L: once a trial has told L (DirectionLatency::rate_pps), a request
/// below it is refused here with the reason, and the inner measurer's own refusal
/// gets the same context.
class LatencyTrialMeasurer final : public measure::Measurer {
 public:
  /// `inner` must outlive this object. `setting` names the spec field that asked
  /// for latency on every trial, for error texts ("latency.every_trial").
  LatencyTrialMeasurer(measure::Measurer& inner, std::string setting)
      : inner_(inner), setting_(std::move(setting)) {}

  measure::TrialOutcome measure(measure::Seconds intended_duration, double intended_load_pps,
                                std::stop_token stop) override;

  bool has_latency_streams() const override { return inner_.has_latency_streams(); }
  measure::TrialOutcome measure_latency(measure::Seconds intended_duration,
                                        double intended_load_pps, std::stop_token stop) override;

  /// The latency streams' rate [pps per direction], once a trial has told it.
  const std::optional<double>& latency_rate_pps() const { return rate_pps_; }

 private:
  measure::TrialOutcome checked(measure::Seconds intended_duration, double intended_load_pps,
                                std::stop_token stop);

  measure::Measurer& inner_;
  std::string setting_;
  std::optional<double> rate_pps_;
};

/// The latency streams' rate an outcome tells: the highest DirectionLatency::rate_pps
/// (every direction sends at the same L), or nothing for an outcome without latency.
std::optional<double> latency_rate_of(const measure::TrialOutcome& outcome);

}  // namespace trexsearch
