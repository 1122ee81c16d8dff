// `trex-search report`: fetches a job over the control socket (`show`, then
// `result`, or `analyze` while the job runs) and renders it with daemon/report.
// Made client-side, so it needs nothing from the daemon but read access.
#include <json/value.h>

#include <fstream>
#include <ostream>
#include <stdexcept>

#include "daemon/cli/client_connection.hpp"
#include "daemon/cli/command_entries.hpp"
#include "daemon/cli/command_errors.hpp"
#include "daemon/cli/suite_values.hpp"
#include "daemon/codec/controller_config_codec.hpp"
#include "daemon/codec/latency_codec.hpp"
#include "daemon/report/fixed_load_report_codec.hpp"
#include "daemon/report/mlr_report.hpp"
#include "daemon/report/plr_report.hpp"
#include "daemon/report/report_input_codec.hpp"
#include "daemon/report/suite_report.hpp"
#include "daemon/report/trial_csv.hpp"
#include "measure/errors.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

po::options_description report_options() {
  po::options_description options("Options");
  options.add_options()(
      "output,o", po::value<std::string>()->value_name("FILE"),
      "where to write (default: job-JOB-report.html, or job-JOB-trials.csv with --csv); "
      "'-' writes to standard output")("csv", "write the trials as CSV instead of the HTML report");
  return options;
}

/// The job's search result: `result` when the job has one, else (running,
/// queued, interrupted) the stored trials of `show` and, for MLRsearch, the bounds
/// `analyze` gives them, so a running job gets a report too.
Json::Value fetch_result(ControlConnection& connection, std::int64_t job, const Json::Value& shown,
                         bool plr) {
  const protocol::JsonReply result = connection.try_call(protocol::ResultRequest{job});
  if (result.result == protocol::ResultCode::success) return result.arguments["result"];
  if (result.result != protocol::ResultCode::conflict) {
    throw DaemonRefused(result.result, result.text);
  }
  Json::Value partial(Json::objectValue);
  partial["trials"] = shown["trials"];
  if (!plr && !shown["trials"].empty()) {
    partial["goals"] =
        connection.call(protocol::AnalyzeRequest{job, std::nullopt}).arguments["goals"];
  }
  // show judges a soak's tester-limited trials against its latest estimate.
  if (plr && shown.isMember("tester_limit")) partial["tester_limit"] = shown["tester_limit"];
  return partial;
}

// MRR and soaks: `result`, or for a job without one yet, show's summary of the
// trials stored so far with those trials.
Json::Value fetch_fixed_load_result(ControlConnection& connection, std::int64_t job,
                                    const Json::Value& shown) {
  const protocol::JsonReply result = connection.try_call(protocol::ResultRequest{job});
  if (result.result == protocol::ResultCode::success) return result.arguments["result"];
  if (result.result != protocol::ResultCode::conflict) {
    throw DaemonRefused(result.result, result.text);
  }
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
  for (mlr::TrialRecord& trial : report::decode_mlr_result(wrapped, "show").trials) {
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

void write_output(const std::string& path, const std::string& text, std::ostream& out) {
  if (path == "-") {
    out << text;
    return;
  }
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) throw std::runtime_error("cannot write '" + path + "': check the directory exists");
  file << text;
  file.close();
  if (!file) throw std::runtime_error("writing '" + path + "' failed (disk full?)");
}

// A suite's report: one page for all its jobs (docs/suites.md).
int write_suite_report(const ClientSettings& settings, const po::variables_map& options,
                       const std::string& suite, std::ostream& out) {
  const bool csv = options.count("csv") != 0;
  ControlConnection connection(settings.socket, settings.timeout);
  const Json::Value reply = connection.call(protocol::ShowSuiteRequest{suite_ref(suite)}).arguments;
  const report::SuiteReportData data = suite_values(reply);
  const std::string path = options.count("output") != 0 ? options["output"].as<std::string>()
                                                        : "suite-" + std::to_string(data.id) +
                                                              (csv ? ".csv" : "-report.html");
  write_output(path, csv ? report::suite_report_csv(data) : report::render_suite_report(data), out);
  if (path != "-") {
    out << "suite " << data.id << " (" << data.entries.size()
        << " jobs): " << (csv ? "table written to " : "report written to ") << path << "\n";
  }
  return 0;
}

/// A rendered job report (or trials CSV) and how many trials it holds.
struct RenderedJob {
  std::string text;
  std::size_t trials = 0;
};

RenderedJob render_job(const Json::Value& shown, const Json::Value& result, bool csv) {
  const std::string method = shown["job"]["method"].asString();
  const report::ReportContext context = report::report_context(shown["job"], shown["spec"]);
  if (method == "mrr" || method == "soak") {
    const report::FixedLoadReportData data =
        report::decode_fixed_load_result(result, "result", method);
    return {
        csv ? report::fixed_load_trials_csv(data) : report::render_fixed_load_report(context, data),
        data.trials.size()};
  }
  if (method == "plr") {
    report::PlrReportData data = report::decode_plr_result(result, "result");
    data.target_loss_ratio = report::plr_target_loss_ratio(shown["spec"]);
    return {csv ? report::plr_trials_csv(data) : report::render_plr_report(context, data),
            data.trials.size()};
  }
  mlr::SearchResult decoded = report::decode_mlr_result(result, "result");
  add_latency_trials(decoded, shown["trials"]);
  return {csv ? report::mlr_trials_csv(decoded)
              : report::render_mlr_report(context, config_of(report::search_spec(shown["spec"])),
                                          decoded, codec::decode_latency_phase(result, "result")),
          decoded.trials.size()};
}

int write_job_report(const ClientSettings& settings, const po::variables_map& options,
                     std::ostream& out) {
  const auto job = job_argument(options);
  const bool csv = options.count("csv") != 0;
  const std::string path =
      options.count("output") != 0
          ? options["output"].as<std::string>()
          : "job-" + std::to_string(job) + (csv ? "-trials.csv" : "-report.html");
  ControlConnection connection(settings.socket, settings.timeout);
  const Json::Value shown = connection.call(protocol::ShowRequest{job, true}).arguments;
  const std::string method = shown["job"]["method"].asString();
  const Json::Value result = method == "mrr" || method == "soak"
                                 ? fetch_fixed_load_result(connection, job, shown)
                                 : fetch_result(connection, job, shown, method == "plr");
  const RenderedJob rendered = render_job(shown, result, csv);
  write_output(path, rendered.text, out);
  if (path != "-") {
    out << "job " << job << " (" << shown["job"]["state"].asString() << ", " << rendered.trials
        << " trials): " << (csv ? "trials written to " : "report written to ") << path << "\n";
  }
  return 0;
}

int report_body(const ClientCall& call) {
  if (call.options.count("job") != 0 && names_suite(call.options["job"].as<std::string>())) {
    return write_suite_report(call.settings, call.options, call.options["job"].as<std::string>(),
                              call.out);
  }
  return write_job_report(call.settings, call.options, call.out);
}

}  // namespace

constinit const CommandEntry kReportCommand{
    .name = "report",
    .summary = "write a job's HTML report",
    .usage =
        "trex-search report JOB [-o FILE] [--csv]\n"
        "       trex-search report SUITE [-o FILE] [--csv]",
    .description =
        "Writes one self-contained HTML report of a job (inline SVG charts, no scripts or\n"
        "network; readable on a phone), the verdict first: for MLRsearch each goal's\n"
        "conditional throughput, bounds and regularity, then loss ratio against load (log\n"
        "axis) and the bounds converging; for PLRsearch the critical-load estimate and\n"
        "its stdev, then its settling over time and each trial's loss ratio (log axis).\n"
        "Then every trial with its notes, the run's facts and the raw config\n"
        "(docs/report.md). Made from the store: works for jobs finished long ago and for\n"
        "a running job. With --csv, the trials as CSV instead. Prints the path written.\n"
        "SUITE (a suite's name, or suite:N): one page for the suite's jobs, their\n"
        "throughput in a table and against frame size (docs/suites.md); --csv: the table.",
    .options = report_options,
    .client = {.operand_count = 1, .body = report_body},
};

}  // namespace trexsearch::cli
