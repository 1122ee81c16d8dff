#include "daemon/hooks/job_hook_runner.hpp"

#include <chrono>

#include "daemon/codec/display_text.hpp"
#include "daemon/hooks/hook_process.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

// A clean environment: nothing of the daemon's (its credentials, its unit's
// settings) reaches a hook; a usual PATH for the hook's own children.
constexpr const char* kPath = "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

}  // namespace

HookFacts trial_facts(std::uint64_t number, std::uint32_t attempt, double load_pps,
                      double duration_s) {
  return {{"TREX_SEARCH_TRIAL", std::to_string(number)},
          {"TREX_SEARCH_ATTEMPT", std::to_string(attempt)},
          {"TREX_SEARCH_LOAD_PPS", measure::format_value(load_pps)},
          {"TREX_SEARCH_DURATION_S", measure::format_value(duration_s)}};
}

void add_outcome_facts(HookFacts& facts, const measure::TrialOutcome& outcome) {
  facts.emplace_back("TREX_SEARCH_OFFERED", std::to_string(outcome.offered_count));
  facts.emplace_back("TREX_SEARCH_LOST", std::to_string(outcome.loss_count));
}

JobHookRunner::JobHookRunner(std::shared_ptr<const HookSet> definitions, JobHooks hooks,
                             HookJobFacts job, Recorder record)
    : definitions_(std::move(definitions)),
      hooks_(std::move(hooks)),
      job_(std::move(job)),
      record_(std::move(record)) {}

std::vector<std::string> JobHookRunner::environment(const HookDefinition& hook, HookPoint point,
                                                    const HookFacts& facts) const {
  std::vector<std::string> env{kPath,
                               "LANG=C.UTF-8",
                               "TREX_SEARCH_HOOK=" + hook.name,
                               "TREX_SEARCH_HOOK_POINT=" + std::string(to_string(point)),
                               "TREX_SEARCH_JOB_ID=" + std::to_string(job_.job),
                               "TREX_SEARCH_JOB_NAME=" + job_.name,
                               "TREX_SEARCH_METHOD=" + job_.method,
                               "TREX_SEARCH_TESTBED=" + job_.testbed,
                               "TREX_SEARCH_RUN=" + std::to_string(job_.run)};
  for (const auto& [key, value] : facts) env.push_back(key + "=" + value);
  return env;
}

HookPointResult JobHookRunner::run(HookPoint point, const HookFacts& facts,
                                   std::optional<std::uint64_t> trial, std::uint32_t attempt,
                                   const std::stop_token& stop) {
  HookPointResult result;
  const bool search_point = point == HookPoint::before_search || point == HookPoint::after_search;
  for (const std::string& name : hooks_.at(point)) {
    const HookDefinition* hook = definitions_ ? definitions_->find(name) : nullptr;
    if (hook == nullptr) {
      // Checked at submission; a SIGHUP may have removed it since.
      result.fail_job = std::string(to_string(point)) + " hook " + name +
                        ": the daemon's config no longer defines it";
      return result;
    }
    const auto started_at = std::chrono::system_clock::now();
    HookRun run = run_hook_process(*hook, environment(*hook, point, facts), stop);
    // Shown on terminals and in reports, carried in JSON: printable text, the
    // bytes that are not escaped (codec::escape_control_characters).
    run.output = codec::escape_control_characters(run.output, true);
    run.point = point;
    run.trial_number = trial;
    run.attempt = attempt;
    run.started_at = started_at;
    const bool cancelled = run.end == HookRun::End::cancelled;
    if (!run.ok() && !cancelled) {
      const HookFailure action = search_point && hook->on_failure == HookFailure::fail_trial
                                     ? HookFailure::fail_job
                                     : hook->on_failure;
      run.failure_action = std::string(to_string(action));
      if (action == HookFailure::fail_job) result.fail_job = run.summary();
      if (action == HookFailure::fail_trial) result.fail_trial = run.summary();
    }
    if (record_) record_(run);
    result.runs.push_back(std::move(run));
    if (cancelled) {
      result.cancelled = true;
      return result;
    }
    if (result.fail_job || result.fail_trial) return result;
  }
  return result;
}

}  // namespace trexsearch::service
