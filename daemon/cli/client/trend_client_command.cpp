// `trex-search trend NAME`: every ended job of that name in time order, grouped into
// stable segments per goal, the newest judged against the one before it
// (docs/trend.md). Built on the socket's `list`, `result` and `show`; exits 6 when
// a series' newest group is a regression, so a nightly pipeline can gate on it.
#include <algorithm>
#include <ostream>

#include "daemon/cli/analysis/export_filter.hpp"
#include "daemon/cli/analysis/trend_format.hpp"
#include "daemon/cli/analysis/trend_json_codec.hpp"
#include "daemon/cli/analysis/trend_series.hpp"
#include "daemon/cli/client/job_listing.hpp"
#include "daemon/cli/command/client_connection.hpp"
#include "daemon/cli/command/command_entries.hpp"
#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/command/exit_codes.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

po::options_description trend_options() {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
      ("goal", po::value<std::string>()->value_name("GOAL"),
       "only this goal's series (an MLR goal's name, or 'estimate' for PLR)")
      ("since", po::value<std::string>()->value_name("TIME"),
       "only jobs created at or after TIME (ISO 8601 UTC: 2026-11-25 or 2026-11-25T08:00:00Z)")
      ("include-unclean",
       "group tester-limited, irregular and stopped-early values too (default: shown, "
       "marked *, left out of the grouping)")
      ("keep-outliers",
       "do not leave single-run outliers out of the grouping (plain jumpavg)")
      ("testbed", po::value<std::string>()->value_name("NAME"),
       "only the jobs placed on this testbed (default: the newest job's; docs/testbeds.md)")
      ("any-testbed", "put the jobs of every testbed into one series");
  // clang-format on
  return options;
}

std::optional<std::string> optional_option(const po::variables_map& options, const char* name) {
  if (options.count(name) == 0) return std::nullopt;
  return options[name].as<std::string>();
}

// Whose results a trend compares: one testbed's (a result is compared with results
// from its own testbed; jobs without one are a testbed of their own), or all.
struct TrendScope {
  bool any = false;
  std::optional<std::string> testbed;
  /// " on testbed NAME" when one is chosen.
  std::string label() const { return !any && testbed ? " on testbed " + *testbed : ""; }
};

// --testbed's, --any-testbed, else the newest named job's testbed.
TrendScope trend_scope(const po::variables_map& options,
                       const std::vector<protocol::JobSummary>& named) {
  if (options.count("testbed") != 0 && options.count("any-testbed") != 0) {
    throw UsageError("give --testbed NAME or --any-testbed, not both");
  }
  TrendScope scope;
  scope.any = options.count("any-testbed") != 0;
  scope.testbed = optional_option(options, "testbed");
  if (!scope.testbed && !scope.any && !named.empty()) {
    scope.testbed = std::max_element(named.begin(), named.end(), [](const auto& a, const auto& b) {
                      return a.id < b.id;
                    })->testbed;
  }
  return scope;
}

int trend_body(const ClientCall& call) {
  const po::variables_map& options = call.options;
  const std::optional<std::string> name = optional_option(options, "name");
  if (!name || name->empty()) throw UsageError("a job NAME is required");
  TrendSettings trend;
  trend.goal = optional_option(options, "goal");
  trend.include_unclean = options.count("include-unclean") != 0;
  trend.drop_outliers = options.count("keep-outliers") == 0;
  const ExportFilter filter = make_export_filter(std::nullopt, std::nullopt, "ended",
                                                 optional_option(options, "since"), std::nullopt);
  ControlConnection connection(call.settings.socket, call.settings.timeout);
  std::vector<protocol::JobSummary> named;
  for (const protocol::JobSummary& job : matching_jobs(connection, filter)) {
    if (trend_key(job) == *name) named.push_back(job);
  }
  const TrendScope scope = trend_scope(options, named);
  std::vector<JobValues> jobs;
  for (const protocol::JobSummary& job : named) {
    if (!scope.any && job.testbed != scope.testbed) continue;
    std::optional<JobValues> values = stored_job_values(connection, job.id);
    if (values) jobs.push_back(std::move(*values));  // else: deleted meanwhile
  }
  if (jobs.empty()) {
    throw BadInputError(
        "no ended job is named '" + *name + "'" + scope.label() +
        (filter.since ? " since " + options["since"].as<std::string>() : std::string()) +
        " (see trex-search list)");
  }
  const std::vector<TrendSeries> series = build_trend(jobs, trend);
  if (call.settings.json) {
    call.out << trend_json(*name, series, scope.testbed, scope.any);
  } else {
    call.out << format_trend(*name + scope.label(), series);
  }
  call.out.flush();
  if (!call.out) throw std::runtime_error("cannot write to stdout");
  return trend_regressed(series) ? static_cast<int>(kExitRegression) : static_cast<int>(kExitOk);
}

}  // namespace

constinit const CommandEntry kTrendCommand{
    .name = "trend",
    .summary = "group a job name's results over time and flag a regression",
    .usage =
        "trex-search trend NAME [--goal GOAL] [--since TIME] [--include-unclean]\n"
        "                       [--keep-outliers] [--testbed NAME | --any-testbed] [--json]",
    .description =
        "Every ended job named NAME, oldest first, as one series per goal (MLR: the\n"
        "conditional throughput, PLR: the estimate), grouped into stable segments the\n"
        "way CSIT's jumpavg does; the newest group is judged against the one before it:\n"
        "regression, progression or stable. Exits 6 when a series' newest group is a\n"
        "regression; 2 when no ended job has that name. A result is compared with the\n"
        "results of its own testbed: the newest job's, --testbed NAME's, or with\n"
        "--any-testbed all of them. See docs/trend.md.",
    .options = trend_options,
    .client = {.operand = "name", .operand_count = 1, .body = trend_body},
};

}  // namespace trexsearch::cli
