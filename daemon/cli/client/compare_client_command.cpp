// `trex-search compare JOB JOB...`: stored jobs side by side, each against the first
// (docs/trend.md). Built on the socket's `result` and `show`; exits 6 when a clean
// value fell below the first job's beyond both runs' spread, so CI can gate on it.
#include <ostream>

#include "daemon/cli/analysis/comparison_format.hpp"
#include "daemon/cli/analysis/comparison_json_codec.hpp"
#include "daemon/cli/analysis/job_comparison.hpp"
#include "daemon/cli/client/job_listing.hpp"
#include "daemon/cli/command/client_connection.hpp"
#include "daemon/cli/command/command_entries.hpp"
#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/command/exit_codes.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

std::vector<std::int64_t> job_ids(const po::variables_map& options) {
  std::vector<std::int64_t> ids;
  if (options.count("jobs") != 0) {
    for (const std::string& text : options["jobs"].as<std::vector<std::string>>()) {
      const std::int64_t id = parse_job_id(text);
      for (std::int64_t seen : ids) {
        if (seen == id) throw UsageError("JOB " + text + " is given twice");
      }
      ids.push_back(id);
    }
  }
  if (ids.size() < 2) {
    throw UsageError("compare needs at least two JOB ids (" + std::to_string(ids.size()) +
                     " given)");
  }
  return ids;
}

int compare_body(const ClientCall& call) {
  const std::vector<std::int64_t> ids = job_ids(call.options);
  ControlConnection connection(call.settings.socket, call.settings.timeout);
  std::vector<JobValues> jobs;
  for (std::int64_t id : ids) {
    std::optional<JobValues> values = stored_job_values(connection, id);
    if (!values) {
      throw DaemonRefused(protocol::ResultCode::not_found,
                          "job " + std::to_string(id) + " not found");
    }
    jobs.push_back(std::move(*values));
  }
  const Comparison comparison = compare_jobs(std::move(jobs));
  if (call.settings.json) {
    call.out << comparison_json(comparison);
  } else {
    call.out << format_comparison(comparison);
  }
  call.out.flush();
  if (!call.out) throw std::runtime_error("cannot write to stdout");
  return comparison.regression ? static_cast<int>(kExitRegression) : static_cast<int>(kExitOk);
}

}  // namespace

constinit const CommandEntry kCompareCommand{
    .name = "compare",
    .summary = "put stored jobs side by side, each against the first",
    .usage = "trex-search compare JOB JOB... [--json]",
    .description =
        "Puts stored jobs side by side: per goal each job's value (MLR: conditional\n"
        "throughput, PLR: the estimate), its % of line rate, its spread (MLR: the relevant\n"
        "bounds, PLR: +- stdev) and the difference to the first job, which is beyond the\n"
        "spread when the two runs' intervals do not overlap. A failed or cancelled job is\n"
        "shown by its state. Jobs must be of one method with the same goals. Exits 6 when\n"
        "a clean value is below the first job's beyond the spread. See docs/trend.md.",
    .options = no_options,
    .client = {.operand = "jobs", .operand_count = -1, .body = compare_body},
};

}  // namespace trexsearch::cli
