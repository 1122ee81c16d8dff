#pragma once

#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/latency/latency_point.hpp"
#include "daemon/model/fixed_load_result.hpp"
#include "daemon/model/job_progress.hpp"
#include "daemon/model/job_record.hpp"
#include "daemon/model/job_spec.hpp"
#include "measure/measurer.hpp"
#include "plr/soak_search.hpp"
#include "search/search_result.hpp"

namespace trexsearch::service {

/// What a job run reports while it goes (implemented by the job manager).
class RunObserver {
 public:
  virtual ~RunObserver() = default;
  /// A live trial completed. Must store it durably before returning (the next trial
  /// starts only after); throws when it cannot, which ends the run as failed.
  virtual void trial_done(const StoredTrial& trial, const JobProgress& progress) = 0;
  /// Every stored trial was replayed; from now on trials are measured live.
  virtual void replay_finished(std::size_t replayed, const JobProgress& progress) = 0;
  /// The measurer connected to TRex `version` (trex jobs; kept with the job record).
  virtual void trex_connected(const std::string& version) { (void)version; }
  /// Search decisions worth a debug log line.
  virtual void debug(std::string_view text) = 0;
  /// What the run's live trials go to: `live` with the job's before_trial and
  /// after_trial hooks around each (docs/testbeds.md "Hooks"), or `live` itself
  /// when it has none. `next_trial` is the number of the first live trial (stored
  /// trials + 1). Runners call it once, below their replay of stored trials; the
  /// result lives as long as the observer.
  virtual measure::Measurer& with_trial_hooks(measure::Measurer& live, std::uint64_t next_trial) {
    (void)next_trial;
    return live;
  }
};

/// How a run ended.
struct RunOutcome {
  enum class Kind {
    completed,  ///< the search ended by itself (its result may still be irregular)
    stopped,    ///< the stop token ended it (cancel or daemon shutdown)
    failed,     ///< the measurer or the setup failed
  };
  Kind kind = Kind::completed;
  /// The search's stop detail or the failure.
  std::string reason;
  /// The (possibly partial) search result, when an MLR search ran.
  std::optional<mlr::SearchResult> result;
  /// The (possibly partial) soak-search result, when a PLR search ran.
  std::optional<plr::PlrResult> plr_result;
  /// The MLR latency phase's points and notes, when it ran (docs/latency.md).
  std::optional<latency::LatencyPhaseResult> latency;
  /// The MRR or soak result (fixed_load_job_runner.hpp), when one ran.
  std::optional<FixedLoadResult> fixed_load_result;

  /// A run that failed before or without a result, and why.
  static RunOutcome failure(std::string why) {
    RunOutcome outcome;
    outcome.kind = Kind::failed;
    outcome.reason = std::move(why);
    return outcome;
  }
};

/// Runs jobs of one search method (the seam where PLRsearch plugs in).
class JobRunner {
 public:
  virtual ~JobRunner() = default;
  virtual SearchMethod method() const = 0;
  /// Runs the job to its end, answering the search's first requests from `stored`
  /// (a resumed job), honouring `stop`. Never lets measurer failures escape: they
  /// come back as RunOutcome::Kind::failed. What the observer throws does escape.
  virtual RunOutcome run(const JobSpec& spec, std::vector<StoredTrial> stored, std::stop_token stop,
                         RunObserver& observer) = 0;
};

}  // namespace trexsearch::service
