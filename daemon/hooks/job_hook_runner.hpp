#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

#include "daemon/hooks/hook_definition.hpp"
#include "daemon/model/hook_run.hpp"
#include "daemon/model/job_hooks.hpp"
#include "measure/trial_result.hpp"

namespace trexsearch::service {

/// What every hook run of a job is told (docs/testbeds.md "Hooks").
struct HookJobFacts {
  JobId job = 0;
  std::string name;
  std::string method;
  /// Empty: the job runs on no configured testbed.
  std::string testbed;
  /// Which run of the job (1; 2 after a resume ...).
  std::uint64_t run = 1;
};

/// Environment entries ("KEY", "VALUE") a point adds to the job's facts.
using HookFacts = std::vector<std::pair<std::string, std::string>>;

/// TREX_SEARCH_TRIAL, _ATTEMPT, _LOAD_PPS, _DURATION_S.
HookFacts trial_facts(std::uint64_t number, std::uint32_t attempt, double load_pps,
                      double duration_s);
/// after_trial: TREX_SEARCH_OFFERED and TREX_SEARCH_LOST (frames, all directions).
void add_outcome_facts(HookFacts& facts, const measure::TrialOutcome& outcome);

/// How the hooks of one point went.
struct HookPointResult {
  std::vector<HookRun> runs;
  /// Set when a failed hook's on-failure fails the job (or, at a search point, a
  /// fail-trial hook: there is no trial to repeat), or when one was cancelled: why.
  std::optional<std::string> fail_job;
  /// Set when a failed hook's on-failure is fail-trial (trial points): why.
  std::optional<std::string> fail_trial;
  /// The job was cancelled (or the daemon stopped) while a hook ran.
  bool cancelled = false;
};

/// Runs a job's hooks at their points, one after the other in the order the job
/// names them, stopping at the first that fails the trial or job. Every run is
/// handed to the recorder (the job's store) as it ends. Used by one runner thread.
class JobHookRunner {
 public:
  using Recorder = std::function<void(const HookRun&)>;

  JobHookRunner(std::shared_ptr<const HookSet> definitions, JobHooks hooks, HookJobFacts job,
                Recorder record);

  const JobHooks& hooks() const { return hooks_; }
  /// Runs `point`'s hooks with the job's facts plus `facts`. `trial` and `attempt`
  /// go into the run records of trial points.
  HookPointResult run(HookPoint point, const HookFacts& facts, std::optional<std::uint64_t> trial,
                      std::uint32_t attempt, const std::stop_token& stop);

 private:
  std::vector<std::string> environment(const HookDefinition& hook, HookPoint point,
                                       const HookFacts& facts) const;

  std::shared_ptr<const HookSet> definitions_;
  JobHooks hooks_;
  HookJobFacts job_;
  Recorder record_;
};

}  // namespace trexsearch::service
