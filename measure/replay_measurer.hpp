#pragma once

#include <cstddef>
#include <vector>

#include "measure/measurer.hpp"
#include "measure/trial_result.hpp"
#include "measure/units.hpp"

namespace trexsearch::measure {

/// A trial as it was requested and what the measurer answered, as stored.
struct RecordedTrial {
  double intended_load_pps = 0.0;
  Seconds intended_duration{0.0};
  TrialOutcome outcome;
};

/// Resumes an interrupted search without measuring anything twice: answers the
/// controller's requests from the recorded trials while they match request for
/// request (the controller is deterministic, so an unchanged search asks for
/// exactly the same trials again), then hands over to the live measurer.
class ReplayMeasurer final : public Measurer {
 public:
  ReplayMeasurer(std::vector<RecordedTrial> recorded, Measurer& live);

  /// Replays the next recorded trial, which must match the request exactly;
  /// once all are replayed, measures live. A mismatch throws MeasurementError
  /// (the search configuration changed): continuing would silently drop or
  /// repeat completed trials.
  TrialOutcome measure(Seconds intended_duration, double intended_load_pps,
                       std::stop_token stop) override;

  /// Recorded trials answered so far.
  std::size_t replayed() const { return next_; }
  /// True once every recorded trial has been answered.
  bool finished_replay() const { return next_ == recorded_.size(); }

 private:
  std::vector<RecordedTrial> recorded_;
  Measurer& live_;
  std::size_t next_ = 0;
};

}  // namespace trexsearch::measure
