#include "daemon/report/input/job_report_input.hpp"

#include <utility>
#include <variant>

#include "daemon/protocol/replies/mlr_result_codec.hpp"
#include "daemon/report/hooks_report.hpp"
#include "daemon/report/input/fixed_load_report_input.hpp"
#include "daemon/report/input/plr_report_input.hpp"
#include "daemon/report/input/report_input_codec.hpp"
#include "daemon/report/mlr_report.hpp"
#include "daemon/report/plr_report.hpp"
#include "daemon/report/trial_csv.hpp"
#include "measure/errors.hpp"

namespace trexsearch::report {
namespace {

bool fixed_load(const std::string& method) { return method == "mrr" || method == "soak"; }

const std::vector<protocol::TrialRecord>& shown_trials(const protocol::ShowReply& shown) {
  static const std::vector<protocol::TrialRecord> none;
  return shown.trials ? *shown.trials : none;
}

// MRR and soaks: `result`, or for a job without one yet, show's summary of the
// trials stored so far with those trials.
protocol::FixedLoadView fixed_load_view(const protocol::ShowReply& shown,
                                        const protocol::ResultReply* result) {
  if (result != nullptr) return std::get<protocol::FixedLoadView>(result->result.view);
  protocol::FixedLoadView view = shown.fixed_load.value_or(protocol::FixedLoadView{});
  view.stop_reason = "not ended (" + std::string(protocol::to_string(shown.job.state)) + ")";
  view.stop_detail.clear();
  view.trials = shown_trials(shown);
  view.trial_rates.clear();
  return view;
}

// PLR: `result`, or for a soak without one yet its stored trials, judged as show judges
// them against the latest estimate.
protocol::PlrResultView plr_view(const protocol::ShowReply& shown,
                                 const protocol::ResultReply* result) {
  if (result != nullptr) return std::get<protocol::PlrResultView>(result->result.view);
  protocol::PlrResultView view;
  view.trials = shown_trials(shown);
  view.tester_limit = shown.tester_limit;
  return view;
}

// MLR: `result`'s search, or for a job without one yet the stored trials with the
// bounds `analyze` gives them.
mlr::SearchResult mlr_result(const protocol::ShowReply& shown, const protocol::ResultReply* result,
                             const protocol::AnalyzeReply* analyze) {
  if (result == nullptr) {
    return protocol::running_mlr_result(
        shown_trials(shown), analyze != nullptr ? analyze->goals : std::vector<mlr::GoalResult>{});
  }
  const auto& view = std::get<protocol::MlrResultView>(result->result.view);
  // A document that forms no search result: the protocol decoder's own error.
  return view.search ? *view.search : decode_stored_mlr_result(result->result.stored);
}

// A finished search's result holds the search's trials only; the latency phase's
// trials (docs/latency.md) are stored trials `show` lists. The CSV and the trial
// table show them too, with their latency columns.
void add_latency_trials(mlr::SearchResult& result, const protocol::ShowReply& shown) {
  for (const mlr::TrialRecord& trial : result.trials) {
    if (trial.phase == mlr::TrialPhase::latency) return;  // a running job's: all there
  }
  std::vector<protocol::TrialRecord> latency;
  for (const protocol::TrialRecord& trial : shown_trials(shown)) {
    if (trial.phase == "latency") latency.push_back(trial);
  }
  for (mlr::TrialRecord& trial : protocol::running_mlr_result(latency, {}).trials) {
    result.trials.push_back(std::move(trial));
  }
}

}  // namespace

ShownJob read_shown_job(const protocol::ShowReply& shown) {
  return {shown.job.method, std::string(protocol::to_string(shown.job.state)),
          !shown_trials(shown).empty()};
}

bool needs_analyze(const ShownJob& job) {
  return job.method != "plr" && !fixed_load(job.method) && job.has_trials;
}

RenderedJob render_job_report(const protocol::ShowReply& shown, const protocol::ResultReply* result,
                              const protocol::AnalyzeReply* analyze, bool csv) {
  const std::string& method = shown.job.method;
  ReportContext context = report_context(shown.job, shown.spec);
  if (shown.hook_runs) context.hooks_html = hooks_section(*shown.hook_runs);
  if (fixed_load(method)) {
    const FixedLoadReportData data = fixed_load_report_of(fixed_load_view(shown, result), method);
    return {csv ? fixed_load_trials_csv(data) : render_fixed_load_report(context, data),
            data.trials.size()};
  }
  if (method == "plr") {
    PlrReportData data = plr_report_of(plr_view(shown, result));
    data.target_loss_ratio = plr_target_loss_ratio(shown.spec);
    return {csv ? plr_trials_csv(data) : render_plr_report(context, data), data.trials.size()};
  }
  mlr::SearchResult search = mlr_result(shown, result, analyze);
  add_latency_trials(search, shown);
  const latency::LatencyPhaseResult latency =
      result != nullptr ? std::get<protocol::MlrResultView>(result->result.view).latency
                        : latency::LatencyPhaseResult{};
  return {csv ? mlr_trials_csv(search)
              : render_mlr_report(context, search_config(shown.spec), search, latency),
          search.trials.size()};
}

}  // namespace trexsearch::report
