#pragma once

#include <stop_token>

#include "measure/trial_result.hpp"
#include "measure/units.hpp"

namespace trexsearch::measure {

/// The seam between searches and traffic generators (draft-06 "Measurer"):
/// one call performs one trial at a constant load for an intended duration.
class Measurer {
 public:
  virtual ~Measurer() = default;

  /// Performs one trial. `intended_load_pps` is per direction (unidirectional),
  /// as in the drafts. Throws MeasurementCancelled when `stop` ended the trial early,
  /// any other exception when the trial failed.
  virtual TrialOutcome measure(Seconds intended_duration, double intended_load_pps,
                               std::stop_token stop) = 0;

  /// True when the measurer can send latency streams (issue #14, docs/latency.md).
  virtual bool has_latency_streams() const { return false; }

  /// One latency trial: the latency streams (fixed rate L per direction) next to
  /// the main traffic. `intended_load_pps` is per direction and includes L, so
  /// the main traffic gets load - L; load == L sends the latency streams alone
  /// (CSIT's "0 %"); a load below L is refused. The outcome's counts are the main
  /// traffic's, its `latency` the latency streams'. Decorators must forward this.
  /// The default throws NotSupported-style MeasurementError: no latency streams.
  virtual TrialOutcome measure_latency(Seconds intended_duration, double intended_load_pps,
                                       std::stop_token stop);
};

}  // namespace trexsearch::measure
