// The dispatcher's handlers that read jobs: list, show, result, analyze.
#include "daemon/dispatch/dispatcher.hpp"
#include "daemon/dispatch/job_summary.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/spec/job_spec_codec.hpp"
#include "daemon/spec/load_units.hpp"
#include "search/trial_analysis.hpp"

namespace trexsearch::service {
namespace {

std::string job_text(JobId id) { return "job " + std::to_string(id); }

std::vector<measure::TrialResult> counted_trials(const std::vector<StoredTrial>& trials) {
  std::vector<measure::TrialResult> results;
  for (const StoredTrial& trial : trials) {
    // Warmup and latency-phase trials count for no goal (docs/latency.md).
    if (trial.phase == mlr::TrialPhase::warmup || trial.phase == mlr::TrialPhase::latency) continue;
    results.push_back(measure::TrialResult::from_outcome(
        trial.trial.intended_load_pps, trial.trial.intended_duration, trial.trial.outcome));
  }
  return results;
}

std::vector<mlr::GoalResult> stored_bounds(const JobSpec& spec,
                                           const std::vector<StoredTrial>& trials) {
  return mlr::analyze_trials(spec.mlr.goals, counted_trials(trials),
                             mlr::LoadLimits{spec.mlr.min_load_pps, spec.mlr.max_load_pps});
}

// PLR jobs: the estimate of a job that is not running, and the trials judged as
// `result` judges them, against the latest estimate (a running soak whose
// estimate is the tester's says so before it ends).
void add_plr_parts(const JobDetails& details, ShowReply& reply) {
  if (details.trials.empty() || !details.trials.back().plr) return;
  if (!details.progress) reply.estimate = details.trials.back().plr->estimate;
  std::vector<plr::PlrTrial> trials;
  for (const StoredTrial& trial : details.trials) {
    if (trial.plr) trials.push_back(*trial.plr);
  }
  reply.tester_limit = plr::tester_limit_of(trials, trials.back().estimate);
}

}  // namespace

Answer<ListReply> Dispatcher::list(const protocol::ListRequest& request,
                                   const DispatchContext& context) {
  ListReply reply;
  for (const JobRecord& record : store_access(context).list(request.state, request.limit)) {
    reply.jobs.push_back(job_summary(record));
  }
  return {std::to_string(reply.jobs.size()) + " jobs", std::move(reply)};
}

Answer<ShowReply> Dispatcher::show(const protocol::ShowRequest& request,
                                   const DispatchContext& context) {
  ShowReply reply;
  reply.details = store_access(context).details(request.job, true);
  reply.with_trials = request.trials;
  const JobDetails& details = reply.details;
  const std::string& method = details.record.method;
  // Not running: the bounds its stored trials support, per goal. PLR jobs have
  // no goals: their stored trials carry the estimate instead.
  if (!details.progress && method == to_string(SearchMethod::mlr)) {
    reply.bounds = stored_bounds(stored_job_spec(details.record), details.trials);
  }
  add_plr_parts(details, reply);
  if (method == to_string(SearchMethod::mrr) || method == to_string(SearchMethod::soak)) {
    // MRR and soaks: the result's numbers from the trials stored so far, running
    // or not (the trials themselves are listed too).
    const JobSpec spec = stored_job_spec(details.record);
    reply.fixed_load =
        summarize_fixed_load(fixed_load_plan(spec), details.trials, FixedLoadStop::completed, "");
    reply.line_rate = job_line_rate(spec.measurer);
  }
  std::string text = job_text(request.job) + " is " + std::string(to_string(details.record.state)) +
                     " with " + std::to_string(details.trials.size()) + " trials";
  return {std::move(text), std::move(reply)};
}

Answer<ResultReply> Dispatcher::result(const protocol::ResultRequest& request,
                                       const DispatchContext& context) {
  ResultReply reply;
  reply.result_json = store_access(context).result_json(request.job);
  reply.job = store_access(context).details(request.job, false).record;
  reply.line_rate = job_line_rate(stored_job_spec(reply.job).measurer);
  std::string text =
      job_text(request.job) + " result (" + std::string(to_string(reply.job.state)) + ")";
  return {std::move(text), std::move(reply)};
}

Answer<AnalyzeReply> Dispatcher::analyze(const protocol::AnalyzeRequest& request,
                                         const DispatchContext& context) {
  const JobDetails details = store_access(context).details(request.job, true);
  const JobSpec spec = stored_job_spec(details.record);
  if (spec.method != SearchMethod::mlr) {
    throw RequestError(ResultCode::conflict,
                       job_text(request.job) + " is a " + std::string(to_string(spec.method)) +
                           " job: only MLR jobs' trials can be analysed with MLRsearch goals");
  }
  AnalyzeReply reply;
  reply.job = request.job;
  const auto trials = counted_trials(details.trials);
  reply.trial_count = trials.size();
  reply.goals = mlr::analyze_trials(request.goals ? *request.goals : spec.mlr.goals, trials,
                                    mlr::LoadLimits{spec.mlr.min_load_pps, spec.mlr.max_load_pps});
  return {job_text(request.job) + ": " + std::to_string(reply.trial_count) + " trials analysed",
          std::move(reply)};
}

}  // namespace trexsearch::service
