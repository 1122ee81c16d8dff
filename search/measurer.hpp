#pragma once

#include <stop_token>

#include "search/trial_result.hpp"
#include "search/units.hpp"

namespace trexsearch {

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
};

}  // namespace trexsearch
