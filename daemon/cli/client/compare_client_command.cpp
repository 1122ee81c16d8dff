// `trex-search compare JOB JOB...`: stored jobs side by side, each against the first
// (docs/trend.md), from one daemon or the fleet database (--db, job_source.hpp); exits 6
// when a clean value fell below the first job's beyond both runs' spread, so CI can gate
// on it.
#include <algorithm>
#include <ostream>

#include "daemon/cli/analysis/comparison_format.hpp"
#include "daemon/cli/analysis/comparison_json_codec.hpp"
#include "daemon/cli/analysis/job_comparison.hpp"
#include "daemon/cli/client/job_source.hpp"
#include "daemon/cli/command/client_connection.hpp"
#include "daemon/cli/command/command_entries.hpp"
#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/command/exit_codes.hpp"
#include "daemon/cli/command/fleet_options.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

po::options_description compare_options() {
  po::options_description options("Options");
  add_fleet_options(options, "with --db: a JOB given as a bare ID is this tester's");
  return options;
}

/// The JOB operands: ids, or with --db TESTER:ID (or ids of --tester's).
std::vector<JobRef> job_refs(const po::variables_map& options) {
  const bool fleet = fleet_conninfo(options).has_value();
  const std::optional<std::string> tester = tester_option(options);
  std::vector<JobRef> refs;
  if (options.count("jobs") != 0) {
    for (const std::string& text : options["jobs"].as<std::vector<std::string>>()) {
      const JobRef ref = parse_job_ref(text, fleet, tester);
      if (std::find(refs.begin(), refs.end(), ref) != refs.end()) {
        throw UsageError("JOB " + text + " is given twice");
      }
      refs.push_back(ref);
    }
  }
  if (refs.size() < 2) {
    throw UsageError("compare needs at least two JOB ids (" + std::to_string(refs.size()) +
                     " given)");
  }
  return refs;
}

int compare_body(const ClientCall& call) {
  const std::vector<JobRef> refs = job_refs(call.options);
  const std::unique_ptr<JobSource> source = open_job_source(call);
  std::vector<JobValues> jobs;
  std::vector<std::optional<JobValues>> found = source->values(refs);
  for (std::size_t i = 0; i < refs.size(); ++i) {
    if (!found[i]) {
      throw DaemonRefused(protocol::ResultCode::not_found,
                          "job " + to_string(refs[i]) + " not found", source->name());
    }
    jobs.push_back(std::move(*found[i]));
  }
  const Comparison comparison = compare_jobs(std::move(jobs));
  write_output(call.out,
               call.settings.json ? comparison_json(comparison) : format_comparison(comparison));
  return comparison.regression ? static_cast<int>(kExitRegression) : static_cast<int>(kExitOk);
}

}  // namespace

constinit const CommandEntry kCompareCommand{
    .name = "compare",
    .summary = "put stored jobs side by side, each against the first",
    .usage =
        "trex-search compare JOB JOB... [--json]\n"
        "       trex-search compare TESTER:ID TESTER:ID... --db CONNINFO [--tester NAME]\n"
        "                           [--json]",
    .description =
        "Puts stored jobs side by side: per goal each job's value (MLR: conditional\n"
        "throughput, PLR: the estimate), its % of line rate, its spread (MLR: the relevant\n"
        "bounds, PLR: +- stdev) and the difference to the first job, which is beyond the\n"
        "spread when the two runs' intervals do not overlap. A failed or cancelled job is\n"
        "shown by its state. Jobs must be of one method with the same goals. Exits 6 when\n"
        "a clean value is below the first job's beyond the spread. See docs/trend.md.\n"
        "With --db, jobs of the fleet database (docs/fleet.md), named TESTER:ID (lab-3:42),\n"
        "so that jobs of several testers can be compared; with --tester NAME a bare ID is\n"
        "that tester's.",
    .options = compare_options,
    .exit_codes = kFleetClientExitCodes,
    .client = {.operand = "jobs", .operand_count = -1, .body = compare_body},
};

}  // namespace trexsearch::cli
