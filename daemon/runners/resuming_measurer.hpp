#pragma once

#include <cstddef>
#include <vector>

#include "daemon/model/job_clock.hpp"
#include "measure/measurer.hpp"
#include "measure/replay_measurer.hpp"

namespace trexsearch::service {

/// The measurer a job's search talks to. Answers from the stored trials first
/// (through ReplayMeasurer, which checks that each request matches the stored one),
/// moving the job clock on by each replayed trial's duration, then measures live.
/// Remembers the last answer and whether it was replayed, so the trial hook stores
/// the measurer's full outcome and never stores a replayed trial again.
///
/// Latency-phase trials (docs/latency.md) are stored trials too: measure_latency()
/// replays them from their own list, in order, so a job resumed during (or after)
/// its latency phase measures none of them again.
class ResumingMeasurer final : public measure::Measurer {
 public:
  /// `live` and `clock` must outlive this object. `stored` are the search's trials,
  /// `stored_latency` the latency phase's, each in measurement order.
  ResumingMeasurer(std::vector<measure::RecordedTrial> stored, measure::Measurer& live,
                   ShiftedClock& clock, std::vector<measure::RecordedTrial> stored_latency = {});

  measure::TrialOutcome measure(measure::Seconds intended_duration, double intended_load_pps,
                                std::stop_token stop) override;
  bool has_latency_streams() const override { return live_.has_latency_streams(); }
  measure::TrialOutcome measure_latency(measure::Seconds intended_duration,
                                        double intended_load_pps, std::stop_token stop) override;

  /// Whether that call was answered from the store.
  bool last_was_replayed() const { return last_replayed_; }
  /// Stored search trials answered so far.
  std::size_t replayed() const { return replay_.replayed(); }
  /// How many stored search trials there are to replay.
  std::size_t stored() const { return stored_count_; }
  /// Stored latency trials answered so far, and how many there are.
  std::size_t replayed_latency() const { return latency_replay_.replayed(); }
  std::size_t stored_latency() const { return stored_latency_count_; }

 private:
  /// measure() -> the live measurer's measure_latency(): what the latency replay
  /// hands over to once its stored trials are used up.
  class LatencyCalls final : public measure::Measurer {
   public:
    explicit LatencyCalls(measure::Measurer& live) : live_(live) {}
    measure::TrialOutcome measure(measure::Seconds intended_duration, double intended_load_pps,
                                  std::stop_token stop) override {
      return live_.measure_latency(intended_duration, intended_load_pps, std::move(stop));
    }

   private:
    measure::Measurer& live_;
  };

  measure::TrialOutcome answered(measure::ReplayMeasurer& replay,
                                 measure::Seconds intended_duration, double intended_load_pps,
                                 std::stop_token stop);

  measure::Measurer& live_;
  // Declared before the replays, which take the vectors: initialised from their sizes first.
  std::size_t stored_count_;
  std::size_t stored_latency_count_;
  measure::ReplayMeasurer replay_;
  LatencyCalls latency_calls_;
  measure::ReplayMeasurer latency_replay_;
  ShiftedClock& clock_;
  bool last_replayed_ = false;
};

}  // namespace trexsearch::service
