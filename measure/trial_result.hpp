#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "measure/direction_counts.hpp"
#include "measure/direction_latency.hpp"
#include "measure/trial_note.hpp"
#include "measure/units.hpp"

namespace trexsearch::measure {

/// Which loss ratio a goal judges a trial by (a goal's `loss_scope`).
enum class LossScope {
  /// All directions together (draft-06 §3.4.3, CSIT's default).
  aggregate,
  /// The direction with the highest loss ratio.
  worst_direction,
};

/// "aggregate" or "worst_direction".
const char* to_string(LossScope scope);

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
  /// Measurer remarks worth keeping with the trial, each with a stable key
  /// (tester_limited, negative_loss, port_counters, ...: measure::note_key).
  std::vector<TrialNote> notes;
  /// Each direction's counts; empty when the measurer reports totals only. When
  /// present, their sums are the totals above.
  std::vector<DirectionCounts> directions;
  /// Present when the tester could not offer the intended load (it sent fewer
  /// frames than intended, docs/trials.md): the rate it reached [pps per
  /// direction, the slowest direction]. Such a trial never passes a goal.
  std::optional<double> tester_limited_pps;
  /// Which counters the counts come from: "flow_stats" (per stream), "port" (port
  /// counters, SUT-originated frames included), or empty when the measurer does not say.
  std::string counters;
  /// Each direction's latency stream (issue #14, docs/latency.md); empty when
  /// the trial sent none. Latency frames are never part of the counts above.
  std::vector<DirectionLatency> latency;
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
  /// (the reference's formula, so unsent frames and duplicates count as loss), and 1
  /// for a tester-limited trial. Directions must add up to the totals.
  static TrialResult from_outcome(double intended_load_pps, Seconds intended_duration,
                                  const TrialOutcome& outcome);

  /// From a loss ratio alone (recorded trials that kept no counts).
  static TrialResult from_loss_ratio(double intended_load_pps, Seconds intended_duration,
                                     Seconds effective_duration, double loss_ratio);

  double intended_load_pps() const { return intended_load_pps_; }
  Seconds intended_duration() const { return intended_duration_; }
  Seconds effective_duration() const { return effective_duration_; }
  /// The loss ratio the searches classify with: 1 for a tester-limited trial (it
  /// says nothing about the SUT at this load, so it must never pass a goal),
  /// measured_loss_ratio() otherwise.
  double loss_ratio() const { return tester_limited() ? 1.0 : loss_ratio_; }
  /// loss_ratio() of the aggregate, or of the worst direction (a goal's
  /// `loss_scope`); the aggregate when the trial has no per-direction counts.
  double loss_ratio(LossScope scope) const;
  /// The ratio the counts give, tester-limited or not (what reports show).
  double measured_loss_ratio() const { return loss_ratio_; }
  /// Absent for trials built from a loss ratio alone.
  const std::optional<TrialCounts>& counts() const { return counts_; }
  /// What the measurer said of the trial, as it said it (empty counts for a result
  /// built from a loss ratio alone): the accessors below read it, and the daemon stores
  /// it with the trial, so no one needs to keep the measurer's last outcome aside.
  const TrialOutcome& outcome() const { return outcome_; }
  const std::vector<TrialNote>& notes() const { return outcome_.notes; }
  const std::vector<DirectionCounts>& directions() const { return outcome_.directions; }
  const std::optional<double>& tester_limited_pps() const { return outcome_.tester_limited_pps; }
  bool tester_limited() const { return outcome_.tester_limited_pps.has_value(); }
  const std::string& counters() const { return outcome_.counters; }
  const std::vector<DirectionLatency>& latency() const { return outcome_.latency; }

  /// draft-06 "Trial Forwarding Rate": intended load times forwarding ratio, from
  /// the counts (for a tester-limited trial: about the rate that got through, which
  /// is what the initial phase needs to place its next load).
  double forwarding_rate_pps() const { return intended_load_pps_ * (1.0 - loss_ratio_); }

 private:
  TrialResult() = default;

  double intended_load_pps_ = 0.0;
  Seconds intended_duration_{0.0};
  Seconds effective_duration_{0.0};
  double loss_ratio_ = 0.0;
  std::optional<TrialCounts> counts_;
  TrialOutcome outcome_;
};

}  // namespace trexsearch::measure
