#pragma once

#include <memory>
#include <stop_token>
#include <vector>

#include "measure/measurer.hpp"
#include "measure/units.hpp"
#include "sim/latency_model.hpp"
#include "sim/sut_model.hpp"

namespace trexsearch::sim {

/// A Measurer backed by a simulated SUT: each measure() is one model trial.
/// The effective duration is the intended one plus a fixed per-trial overhead
/// (like CSIT's ~0.5 s of trial setup), so duration sums can be simulated too.
/// It does not touch any clock: pair it with a virtual-time decorator to
/// advance one. With the model's `latency_rate_pps` > 0 it also sends simulated
/// latency streams (measure_latency), one per direction ("0->1", "1->0").
class SutMeasurer final : public measure::Measurer {
 public:
  /// Throws ConfigError for a null model or a negative or non-finite overhead.
  explicit SutMeasurer(std::unique_ptr<SutModel> model,
                       measure::Seconds overhead = measure::Seconds{0.0});

  /// Throws MeasurementCancelled when `stop` is already triggered (a simulated
  /// trial takes no time, so there is nothing to interrupt midway).
  measure::TrialOutcome measure(measure::Seconds intended_duration, double intended_load_pps,
                                std::stop_token stop) override;

  /// True when the model's latency_rate_pps is > 0.
  bool has_latency_streams() const override;

  /// The main traffic at load - L through the model (its counts only), and per
  /// direction a latency stream of L pps whose samples come from the latency model at
  /// the whole load (queues fill with every frame). Drift runs on the simulated time
  /// of all trials so far (durations plus overhead). Throws MeasurementError for a
  /// load below L, and like measure() when cancelled or without latency streams.
  measure::TrialOutcome measure_latency(measure::Seconds intended_duration,
                                        double intended_load_pps, std::stop_token stop) override;

  const SutModel& model() const { return *model_; }
  measure::Seconds overhead() const { return overhead_; }
  /// Simulated time of the trials so far (the latency drift's clock).
  measure::Seconds elapsed() const { return elapsed_; }

 private:
  std::unique_ptr<SutModel> model_;
  measure::Seconds overhead_;
  measure::Seconds elapsed_{0.0};
  /// One per direction, index 0 for "0->1".
  std::vector<LatencyModel> latency_;
};

}  // namespace trexsearch::sim
