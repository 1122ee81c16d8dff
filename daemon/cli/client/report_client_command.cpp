// `trex-search report`: fetches a job over the control socket (`show`, then
// `result`, or `analyze` while the job runs) and renders it with daemon/report.
// Made client-side, so it needs nothing from the daemon but read access.
#include <fstream>
#include <optional>
#include <ostream>
#include <stdexcept>

#include "daemon/cli/command/client_connection.hpp"
#include "daemon/cli/command/command_entries.hpp"
#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/replies/suite_values.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"
#include "daemon/protocol/replies/suite_replies_codec.hpp"
#include "daemon/report/input/job_report_input.hpp"
#include "daemon/report/suite_report.hpp"

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
  const report::SuiteReportData data =
      suite_values(protocol::decode_reply<protocol::ShowSuiteReply>(
          connection.send(protocol::ShowSuiteRequest{suite_ref(suite)}).arguments));
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

/// `result`, which a job without one yet refuses with `conflict`.
protocol::Response fetch_result(ControlConnection& connection, std::int64_t job) {
  protocol::Response result = connection.try_send(protocol::ResultRequest{job});
  if (!result.ok() && result.result != protocol::ResultCode::conflict) {
    throw DaemonRefused(result.result, result.text);
  }
  return result;
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
  // The replies as the protocol reads them; the report takes the typed values.
  const auto shown = protocol::decode_reply<protocol::ShowReply>(
      connection.send(protocol::ShowRequest{job, true, true}).arguments);
  const report::ShownJob facts = report::read_shown_job(shown);
  const protocol::Response result_response = fetch_result(connection, job);
  std::optional<protocol::ResultReply> result;
  if (result_response.ok()) {
    result = protocol::decode_reply<protocol::ResultReply>(result_response.arguments);
  }
  std::optional<protocol::AnalyzeReply> analyze;
  if (!result && report::needs_analyze(facts)) {
    analyze = protocol::decode_reply<protocol::AnalyzeReply>(
        connection.send(protocol::AnalyzeRequest{job, std::nullopt}).arguments);
  }
  const report::RenderedJob rendered = report::render_job_report(
      shown, result ? &*result : nullptr, analyze ? &*analyze : nullptr, csv);
  write_output(path, rendered.text, out);
  if (path != "-") {
    out << "job " << job << " (" << facts.state << ", " << rendered.trials
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
