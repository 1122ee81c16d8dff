#pragma once

#include <optional>
#include <string>

#include "daemon/job_measurers/measurer_factory.hpp"
#include "daemon/measurers/real_time_measurer.hpp"
#include "daemon/measurers/steady_clock.hpp"
#include "daemon/measurers/virtual_time_measurer.hpp"
#include "daemon/model/job_clock.hpp"

namespace trexsearch::service {

/// A job's live measurer on the job's clock, paced for the spec's time mode:
/// compressed jobs move a ManualClock by each trial's duration (VirtualTimeMeasurer);
/// real-time jobs read the measurer's own clock or else the steady clock, and an instant measurer
/// is made to take the trial's time (RealTimeMeasurer). Shared by the MLR and PLR runners.
class PacedMeasurer {
 public:
  /// Takes the measurer `live` built for `mode`. Not movable: members point at each other.
  PacedMeasurer(LiveMeasurer live, TimeMode mode);
  ~PacedMeasurer() = default;
  PacedMeasurer(const PacedMeasurer&) = delete;
  PacedMeasurer& operator=(const PacedMeasurer&) = delete;

  /// The measurer the search calls.
  measure::Measurer& measurer() { return *paced_; }
  /// The search's clock (shift it by replayed trials on resume).
  ShiftedClock& clock() { return clock_; }
  bool compressed() const { return compressed_; }
  /// The TRex version the measurer connected to, if it is a TRex one.
  const std::optional<std::string>& trex_version() const { return live_.trex_version; }

 private:
  LiveMeasurer live_;
  bool compressed_;
  measure::ManualClock virtual_clock_;
  SteadyClock steady_clock_;
  ShiftedClock clock_;
  std::optional<VirtualTimeMeasurer> virtual_time_;
  std::optional<RealTimeMeasurer> real_time_;
  measure::Measurer* paced_ = nullptr;
};

}  // namespace trexsearch::service
