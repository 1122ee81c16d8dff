#pragma once

#include <memory>
#include <stop_token>

#include "search/measurer.hpp"
#include "search/sim/sut_model.hpp"
#include "search/units.hpp"

namespace trexsearch::sim {

/// A Measurer backed by a simulated SUT: each measure() is one model trial.
/// The effective duration is the intended one plus a fixed per-trial overhead
/// (like CSIT's ~0.5 s of trial setup), so duration sums can be simulated too.
/// It does not touch any clock: pair it with a virtual-time decorator to
/// advance one.
class SutMeasurer final : public Measurer {
 public:
  /// Throws ConfigError for a null model or a negative or non-finite overhead.
  explicit SutMeasurer(std::unique_ptr<SutModel> model, Seconds overhead = Seconds{0.0});

  /// Throws MeasurementCancelled when `stop` is already triggered (a simulated
  /// trial takes no time, so there is nothing to interrupt midway).
  TrialOutcome measure(Seconds intended_duration, double intended_load_pps,
                       std::stop_token stop) override;

  const SutModel& model() const { return *model_; }
  Seconds overhead() const { return overhead_; }

 private:
  std::unique_ptr<SutModel> model_;
  Seconds overhead_;
};

}  // namespace trexsearch::sim
