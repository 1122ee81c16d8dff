// The dispatcher's handlers that read jobs: list, show, result, analyze.
#include "daemon/dispatch/dispatcher.hpp"
#include "daemon/dispatch/job_summary.hpp"
#include "daemon/model/protocol_records.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/protocol/document.hpp"
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
                             mlr::LoadLimits{spec.mlr.min_load_pps, spec.mlr.max_load_pps},
                             spec.mlr.load_unit);
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
  reply.tester_limited = reply.tester_limit->limited();
}

// MRR and soaks: the result's numbers from the trials stored so far, running or not
// (the trials themselves are listed too), and what the loads mean at line rate.
void add_fixed_load_parts(const JobDetails& details, ShowReply& reply) {
  const JobSpec spec = stored_job_spec(details.record);
  reply.fixed_load = fixed_load_view_of(
      summarize_fixed_load(fixed_load_plan(spec), details.trials, FixedLoadStop::completed, ""));
  const std::optional<trex::LineRate> line_rate = job_line_rate(spec.measurer);
  reply.line_rate = line_rate ? std::optional(line_rate_facts_of(*line_rate)) : std::nullopt;
}

}  // namespace

Answer<ListReply> Dispatcher::list(const protocol::ListRequest& request,
                                   const DispatchContext& context) {
  ListReply reply;
  for (const JobRecord& record :
       store_access(context).list(request.state, request.limit, request.testbed)) {
    reply.jobs.push_back(job_summary(record));
  }
  return {std::to_string(reply.jobs.size()) + " jobs", std::move(reply)};
}

Answer<ShowReply> Dispatcher::show(const protocol::ShowRequest& request,
                                   const DispatchContext& context) {
  const JobDetails details = store_access(context).details(request.job, true);
  ShowReply reply;
  reply.job = job_summary(details.record);
  reply.spec = stored_spec_document(details.record);
  reply.queue_position = details.queue_position;
  if (details.progress) reply.progress = *details.progress;
  const std::string& method = details.record.method;
  // Not running: the bounds its stored trials support, per goal. PLR jobs have
  // no goals: their stored trials carry the estimate instead.
  if (!details.progress && method == to_string(SearchMethod::mlr)) {
    reply.bounds = goal_bounds_of(stored_bounds(stored_job_spec(details.record), details.trials));
  }
  add_plr_parts(details, reply);
  if (method == to_string(SearchMethod::mrr) || method == to_string(SearchMethod::soak)) {
    add_fixed_load_parts(details, reply);
  }
  if (request.trials) {
    reply.trials.emplace();
    for (const StoredTrial& trial : details.trials) reply.trials->push_back(trial_record_of(trial));
  }
  if (details.hook_runs > 0) {
    reply.hooks = protocol::HookRunCounts{details.hook_runs, details.failed_hook_runs};
  }
  if (request.hooks) {
    reply.hook_runs.emplace();
    std::size_t output_bytes = 0;
    for (const HookRun& run : store_access(context).hook_runs(request.job)) {
      protocol::HookRunRecord record = hook_run_record_of(run);
      // Every run is listed; past the budget, without its output.
      output_bytes += record.output.size();
      if (output_bytes > protocol::kMaxHookOutputBytes) {
        record.output.clear();
        ++reply.hook_output_omitted;
      }
      reply.hook_runs->push_back(std::move(record));
    }
  }
  std::string text = job_text(request.job) + " is " + std::string(to_string(details.record.state)) +
                     " with " + std::to_string(details.trials.size()) + " trials";
  return {std::move(text), std::move(reply)};
}

Answer<ResultReply> Dispatcher::result(const protocol::ResultRequest& request,
                                       const DispatchContext& context) {
  const std::string result_json = store_access(context).result_json(request.job);
  const JobRecord record = store_access(context).details(request.job, false).record;
  ResultReply reply;
  reply.job = job_summary(record);
  // The stored document as stored (the protocol's view is the client's to read).
  reply.result = protocol::ResultDocument{protocol::parse_document(result_json, "stored result"),
                                          protocol::MlrResultView{}};
  // What the loads mean in % of line rate and Gbit/s (docs/loads.md).
  const std::optional<trex::LineRate> line_rate = job_line_rate(stored_job_spec(record).measurer);
  if (line_rate) reply.line_rate = line_rate_facts_of(*line_rate);
  std::string text =
      job_text(request.job) + " result (" + std::string(to_string(record.state)) + ")";
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
                                    mlr::LoadLimits{spec.mlr.min_load_pps, spec.mlr.max_load_pps},
                                    spec.mlr.load_unit);
  return {job_text(request.job) + ": " + std::to_string(reply.trial_count) + " trials analysed",
          std::move(reply)};
}

}  // namespace trexsearch::service
