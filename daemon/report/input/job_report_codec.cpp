#include "daemon/report/input/job_report_codec.hpp"

#include "daemon/protocol/document_codec.hpp"

#include <utility>

#include "daemon/codec/controller_config_codec.hpp"
#include "daemon/codec/latency_codec.hpp"
#include "daemon/report/input/fixed_load_report_codec.hpp"
#include "daemon/report/input/report_input_codec.hpp"
#include "daemon/report/mlr_report.hpp"
#include "daemon/report/plr_report.hpp"
#include "daemon/report/trial_csv.hpp"
#include "measure/errors.hpp"

namespace trexsearch::report {
namespace {

bool fixed_load(const std::string& method) { return method == "mrr" || method == "soak"; }

/// The job's search result: `result`'s when the job has one, else the stored
/// trials of `show` and, for MLRsearch, the bounds `analyze` gives them, so a
/// running job gets a report too.
Json::Value search_result(const Json::Value& shown, const protocol::Response& result,
                          const protocol::Response* analyze, bool plr) {
  if (result.ok()) return protocol::json_of(result.arguments)["result"];
  Json::Value partial(Json::objectValue);
  partial["trials"] = shown["trials"];
  if (analyze != nullptr) partial["goals"] = protocol::json_of(analyze->arguments)["goals"];
  // show judges a soak's tester-limited trials against its latest estimate.
  if (plr && shown.isMember("tester_limit")) partial["tester_limit"] = shown["tester_limit"];
  return partial;
}

// MRR and soaks: `result`, or for a job without one yet, show's summary of the
// trials stored so far with those trials.
Json::Value fixed_load_result(const Json::Value& shown, const protocol::Response& result) {
  if (result.ok()) return protocol::json_of(result.arguments)["result"];
  Json::Value partial = shown["fixed_load"];
  partial["stop_reason"] = "not ended (" + shown["job"]["state"].asString() + ")";
  partial["trials"] = shown["trials"];
  return partial;
}

// A finished search's result holds the search's trials only; the latency phase's
// trials (docs/latency.md) are stored trials `show` lists. The CSV and the trial
// table show them too, with their latency columns.
void add_latency_trials(mlr::SearchResult& result, const Json::Value& shown_trials) {
  for (const mlr::TrialRecord& trial : result.trials) {
    if (trial.phase == mlr::TrialPhase::latency) return;  // a running job's: all there
  }
  Json::Value latency(Json::arrayValue);
  for (const Json::Value& trial : shown_trials) {
    if (trial["phase"].asString() == "latency") latency.append(trial);
  }
  if (latency.empty()) return;
  Json::Value wrapped(Json::objectValue);
  wrapped["trials"] = latency;
  for (mlr::TrialRecord& trial : decode_mlr_result(wrapped, "show").trials) {
    result.trials.push_back(std::move(trial));
  }
}

mlr::ControllerConfig config_of(const Json::Value& spec) {
  try {
    return codec::decode_controller_config(spec);
  } catch (const measure::ConfigError&) {
    // The header shows the spec verbatim anyway; only the limits line is lost.
    return {};
  }
}

}  // namespace

ShownJob read_shown_job(const protocol::Document& shown_reply) {
  const Json::Value& shown = protocol::json_of(shown_reply);
  return {shown["job"]["method"].asString(), shown["job"]["state"].asString(),
          !shown["trials"].empty()};
}

bool needs_analyze(const ShownJob& job) {
  return job.method != "plr" && !fixed_load(job.method) && job.has_trials;
}

RenderedJob render_job_report(const protocol::Document& shown_reply,
                              const protocol::Response& result_reply,
                              const protocol::Response* analyze, bool csv) {
  const Json::Value& shown = protocol::json_of(shown_reply);
  const std::string method = shown["job"]["method"].asString();
  const ReportContext context = report_context(shown["job"], shown["spec"]);
  if (fixed_load(method)) {
    const FixedLoadReportData data =
        decode_fixed_load_result(fixed_load_result(shown, result_reply), "result", method);
    return {csv ? fixed_load_trials_csv(data) : render_fixed_load_report(context, data),
            data.trials.size()};
  }
  const Json::Value result = search_result(shown, result_reply, analyze, method == "plr");
  if (method == "plr") {
    PlrReportData data = decode_plr_result(result, "result");
    data.target_loss_ratio = plr_target_loss_ratio(shown["spec"]);
    return {csv ? plr_trials_csv(data) : render_plr_report(context, data), data.trials.size()};
  }
  mlr::SearchResult decoded = decode_mlr_result(result, "result");
  add_latency_trials(decoded, shown["trials"]);
  return {csv ? mlr_trials_csv(decoded)
              : render_mlr_report(context, config_of(search_spec(shown["spec"])), decoded,
                                  codec::decode_latency_phase(result, "result")),
          decoded.trials.size()};
}

}  // namespace trexsearch::report
