#pragma once

#include <cstddef>
#include <vector>

#include "daemon/service/job_clock.hpp"
#include "search/measurer.hpp"
#include "search/replay_measurer.hpp"

namespace trexsearch::service {

/// The measurer a job's search talks to. Answers from the stored trials first
/// (through ReplayMeasurer, which checks that each request matches the stored one),
/// moving the job clock on by each replayed trial's duration, then measures live.
/// Remembers the last answer and whether it was replayed, so the trial hook stores
/// the measurer's full outcome and never stores a replayed trial again.
class ResumingMeasurer final : public Measurer {
 public:
  /// `live` and `clock` must outlive this object.
  ResumingMeasurer(std::vector<RecordedTrial> stored, Measurer& live, ShiftedClock& clock);

  TrialOutcome measure(Seconds intended_duration, double intended_load_pps,
                       std::stop_token stop) override;

  /// The outcome of the last successful measure() call.
  const TrialOutcome& last_outcome() const { return last_outcome_; }
  /// Whether that call was answered from the store.
  bool last_was_replayed() const { return last_replayed_; }
  /// Stored trials answered so far.
  std::size_t replayed() const { return replay_.replayed(); }
  /// How many stored trials there are to replay.
  std::size_t stored() const { return stored_count_; }

 private:
  // Declared before replay_, which takes the vector: initialised from its size first.
  std::size_t stored_count_;
  ReplayMeasurer replay_;
  ShiftedClock& clock_;
  TrialOutcome last_outcome_;
  bool last_replayed_ = false;
};

}  // namespace trexsearch::service
