#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "daemon/model/job_record.hpp"
#include "daemon/protocol/job_state.hpp"
#include "daemon/protocol/replies/job_progress.hpp"
#include "daemon/protocol/replies/trial_record.hpp"
#include "plr/estimate.hpp"
#include "search/search_result.hpp"

namespace trexsearch::service {

// A running job's progress is the protocol's value (daemon/protocol/replies/
// job_progress.hpp): the job thread builds what `show`, `status` and `watch` send,
// so there is one goal progress and one job progress, not a daemon copy mapped
// onto the wire's.
using protocol::GoalProgress;
using protocol::JobProgress;

/// The last trial of a progress report, as watchers see it: what the trial said
/// (notes, directions, tester limit, counters, latency) with where it stood in the
/// search. No counts: progress reports carry none (docs/socket-api.md).
protocol::TrialRecord summarize_trial(std::size_t number, mlr::TrialPhase phase,
                                      measure::Seconds started_at,
                                      const measure::TrialResult& result);

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
