#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "daemon/model/job_record.hpp"
#include "daemon/protocol/job_state.hpp"
#include "plr/estimate.hpp"
#include "search/search_result.hpp"

namespace trexsearch::service {

/// Where one goal's search stands after a trial.
struct GoalProgressView {
  std::string label;
  std::optional<double> lower_bound_pps;
  std::optional<double> upper_bound_pps;
  /// 0 for the goal itself, k for its k-th coarser preceding target.
  int target_depth = 0;
  bool done = false;
};

/// The last trial, as progress reports show it.
struct TrialSummary {
  std::size_t number = 0;
  mlr::TrialPhase phase = mlr::TrialPhase::main;
  double load_pps = 0.0;
  measure::Seconds intended_duration{0.0};
  measure::Seconds effective_duration{0.0};
  /// What the searches judge by: 1 for a tester-limited trial.
  double loss_ratio = 0.0;
  /// Search clock at the request (virtual for compressed-time jobs).
  measure::Seconds started_at{0.0};
  /// What the counts say, tester-limited or not.
  double measured_loss_ratio = 0.0;
  /// The measurer's notes, "key: detail" each.
  std::vector<std::string> notes;
  /// Each direction's counts; empty when the measurer gives totals only.
  std::vector<measure::DirectionCounts> directions;
  /// The rate the tester reached when it could not offer the intended load.
  std::optional<double> tester_limited_pps;
  /// "flow_stats", "port", or empty when the measurer does not say.
  std::string counters;
  /// Each direction's latency stream, for a latency trial (docs/latency.md).
  std::vector<measure::DirectionLatency> latency;
};

/// The summary of one trial as watchers see it (TrialResult and where it stood).
TrialSummary summarize_trial(std::size_t number, mlr::TrialPhase phase, measure::Seconds started_at,
                             const measure::TrialResult& result);

/// A running job's progress, as `show`, `status` and `watch` report it.
struct JobProgress {
  std::size_t trial_count = 0;
  std::optional<TrialSummary> last_trial;
  /// In goal order (MLR jobs).
  std::vector<GoalProgressView> goals;
  /// PLR jobs: the critical-load estimate computed while the last trial ran.
  std::optional<plr::PlrEstimate> estimate;
  /// Where the search clock ends the search: MLR `search_duration_max`, PLR
  /// `time_budget` (after a resume's adjustment), for "elapsed of limit".
  std::optional<measure::Seconds> search_time_limit;
};

/// Something that happened to a job, for watchers.
struct JobEvent {
  enum class Kind {
    started,  ///< the job left the queue (or was resumed)
    trial,    ///< a live trial completed and was stored
    ended,    ///< the job reached a final state or was interrupted
  };
  Kind kind = Kind::trial;
  JobId job = 0;
  JobState state = JobState::running;
  /// For `ended`: why.
  std::string reason;
  /// For `trial` (and `started`, when trials were replayed).
  std::optional<JobProgress> progress;
};

/// Receives a job's events. Called on the job runner thread: implementations must
/// only hand the event over (e.g. post it to the io thread), never block.
class JobWatcher {
 public:
  virtual ~JobWatcher() = default;
  virtual void on_event(const JobEvent& event) = 0;
};

}  // namespace trexsearch::service
