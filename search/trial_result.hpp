#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "search/units.hpp"

namespace trexsearch {

/// What a measurer reports about one trial, before it is tied to the request.
/// Counts are aggregated over all directions (only their ratios matter);
/// loss_count may be negative when the SUT duplicated frames.
struct TrialOutcome {
  std::int64_t offered_count = 0;
  std::int64_t loss_count = 0;
  /// Frames the tester should have sent; unsent ones count as lost.
  /// Absent means "as many as were offered".
  std::optional<std::int64_t> intended_count;
  /// draft-15 "Trial Effective Duration"; absent means the intended duration.
  std::optional<Seconds> effective_duration;
  /// Measurer remarks worth keeping with the trial (duration stretching, ...).
  std::vector<std::string> notes;
};

/// Frame counts of a trial, with the reference's defaults filled in.
struct TrialCounts {
  std::int64_t offered = 0;
  std::int64_t loss = 0;
  std::int64_t intended = 0;

  std::int64_t forwarded() const { return offered - loss; }
  std::int64_t unsent() const { return intended - offered; }
};

/// One trial result: the request (intended load and duration) and what came of it.
/// A value type; validated on construction.
class TrialResult {
 public:
  /// From counts. Loss ratio = (|loss| + |unsent|) / max(offered, intended), capped at 1
  /// (the reference's formula, so unsent frames and duplicates count as loss).
  static TrialResult from_outcome(double intended_load_pps, Seconds intended_duration,
                                  const TrialOutcome& outcome);

  /// From a loss ratio alone (recorded trials that kept no counts).
  static TrialResult from_loss_ratio(double intended_load_pps, Seconds intended_duration,
                                     Seconds effective_duration, double loss_ratio);

  double intended_load_pps() const { return intended_load_pps_; }
  Seconds intended_duration() const { return intended_duration_; }
  Seconds effective_duration() const { return effective_duration_; }
  double loss_ratio() const { return loss_ratio_; }
  /// Absent for trials built from a loss ratio alone.
  const std::optional<TrialCounts>& counts() const { return counts_; }
  const std::vector<std::string>& notes() const { return notes_; }

  /// draft-06 "Trial Forwarding Rate": intended load times forwarding ratio.
  double forwarding_rate_pps() const { return intended_load_pps_ * (1.0 - loss_ratio_); }

 private:
  TrialResult() = default;

  double intended_load_pps_ = 0.0;
  Seconds intended_duration_{0.0};
  Seconds effective_duration_{0.0};
  double loss_ratio_ = 0.0;
  std::optional<TrialCounts> counts_;
  std::vector<std::string> notes_;
};

}  // namespace trexsearch
