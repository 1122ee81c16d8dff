// `trex-search trend NAME`: every ended job of that name in time order, grouped into
// stable segments per goal, the newest judged against the one before it
// (docs/trend.md). Built on the socket's `list`, `result` and `show`, or with --db on
// the fleet database, one trend per tester and testbed (job_source.hpp, docs/fleet.md);
// exits 6 when a series' newest group is a regression, so a nightly pipeline can gate
// on it.
#include <algorithm>
#include <ostream>

#include "daemon/cli/analysis/export_filter.hpp"
#include "daemon/cli/analysis/trend_format.hpp"
#include "daemon/cli/analysis/trend_json_codec.hpp"
#include "daemon/cli/analysis/trend_scopes.hpp"
#include "daemon/cli/analysis/trend_series.hpp"
#include "daemon/cli/client/job_source.hpp"
#include "daemon/cli/command/command_entries.hpp"
#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/command/exit_codes.hpp"
#include "daemon/cli/command/fleet_options.hpp"

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
       "only the jobs placed on this testbed (default: the newest job's; with --db: every "
       "testbed's, each its own series; docs/testbeds.md)")
      ("any-testbed", "put the jobs of every testbed into one series (with --db: one per tester)");
  // clang-format on
  add_fleet_options(options);
  return options;
}

std::optional<std::string> optional_option(const po::variables_map& options, const char* name) {
  if (options.count(name) == 0) return std::nullopt;
  return options[name].as<std::string>();
}

/// What the trend asked for beyond the name.
struct TrendRequest {
  std::string name;
  TrendSettings settings;
  JobQuery query;
  bool any_testbed = false;
};

TrendRequest trend_request(const po::variables_map& options) {
  const std::optional<std::string> name = optional_option(options, "name");
  if (!name || name->empty()) throw UsageError("a job NAME is required");
  if (options.count("testbed") != 0 && options.count("any-testbed") != 0) {
    throw UsageError("give --testbed NAME or --any-testbed, not both");
  }
  TrendRequest request;
  request.name = *name;
  request.settings.goal = optional_option(options, "goal");
  request.settings.include_unclean = options.count("include-unclean") != 0;
  request.settings.drop_outliers = options.count("keep-outliers") == 0;
  request.query.filter = make_export_filter(std::nullopt, std::nullopt, "ended",
                                            optional_option(options, "since"), std::nullopt);
  request.query.tester = tester_option(options);
  request.any_testbed = options.count("any-testbed") != 0;
  return request;
}

bool has_goal(const std::vector<JobValues>& jobs, const std::string& goal) {
  return std::any_of(jobs.begin(), jobs.end(),
                     [&](const JobValues& job) { return job.find(goal) != nullptr; });
}

/// Each scope's trend; a scope whose jobs are all gone, or without the --goal asked
/// for, has none. Throws build_trend's error when no scope has that goal.
std::vector<ScopedTrend> scoped_trends(JobSource& source, const std::vector<TrendScope>& scopes,
                                       const TrendSettings& settings) {
  std::vector<ScopedTrend> trends;
  std::vector<JobValues> all;
  for (const TrendScope& scope : scopes) {
    std::vector<JobValues> jobs;
    for (std::optional<JobValues>& values : source.values(scope.jobs)) {
      if (values) jobs.push_back(std::move(*values));  // else: deleted meanwhile
    }
    all.insert(all.end(), jobs.begin(), jobs.end());
    if (jobs.empty() || (settings.goal && !has_goal(jobs, *settings.goal))) continue;
    trends.push_back({scope, build_trend(jobs, settings)});
  }
  if (trends.empty() && !all.empty()) build_trend(all, settings);  // throws: no such goal
  return trends;
}

/// Where no job matched, for the error: " on testbed lab-a since 2026-11-25".
std::string nothing_found_where(const po::variables_map& options, const TrendRequest& request,
                                const std::vector<TrendScope>& scopes, bool fleet) {
  std::string where;
  if (!fleet && !scopes.empty()) where = scopes.front().label();
  if (request.query.tester) where += " on tester " + *request.query.tester;
  if (fleet && request.query.testbed) where += " on testbed " + *request.query.testbed;
  if (request.query.filter.since) where += " since " + options["since"].as<std::string>();
  return where + (fleet ? " in the fleet database" : "");
}

int trend_body(const ClientCall& call) {
  const po::variables_map& options = call.options;
  TrendRequest request = trend_request(options);
  const std::unique_ptr<JobSource> source = open_job_source(call);
  const bool fleet = source->fleet();
  const std::optional<std::string> testbed = optional_option(options, "testbed");
  // One daemon: the newest job's testbed is chosen among all of its jobs; the fleet
  // filters on the server.
  if (fleet) request.query.testbed = testbed;
  // trend_key() is the name: the server narrows by it (a key other than the name
  // would have to be asked for here too).
  request.query.exact_name = request.name;
  std::vector<SourcedJob> named;
  for (SourcedJob& job : source->jobs(request.query)) {
    if (trend_key(job.job) == request.name) named.push_back(std::move(job));
  }
  const std::vector<TrendScope> scopes =
      fleet ? fleet_trend_scopes(named, testbed, request.any_testbed)
            : std::vector{daemon_trend_scope(named, testbed, request.any_testbed)};
  const std::vector<ScopedTrend> trends = scoped_trends(*source, scopes, request.settings);
  if (trends.empty()) {
    throw BadInputError("no ended job is named '" + request.name + "'" +
                        nothing_found_where(options, request, scopes, fleet) +
                        " (see trex-search list)");
  }
  if (!fleet) {
    const TrendScope& scope = trends.front().scope;
    write_output(call.out, call.settings.json
                               ? trend_json(request.name, trends.front().series, scope.testbed,
                                            scope.any_testbed)
                               : format_trend(request.name + scope.label(), trends.front().series));
  } else {
    write_output(call.out, call.settings.json
                               ? fleet_trend_json(request.name, trends, request.query.tester,
                                                  testbed, request.any_testbed)
                               : format_fleet_trend(request.name, trends));
  }
  return any_regressed(trends) ? static_cast<int>(kExitRegression) : static_cast<int>(kExitOk);
}

}  // namespace

constinit const CommandEntry kTrendCommand{
    .name = "trend",
    .summary = "group a job name's results over time and flag a regression",
    .usage =
        "trex-search trend NAME [--goal GOAL] [--since TIME] [--include-unclean]\n"
        "                       [--keep-outliers] [--testbed NAME | --any-testbed] [--json]\n"
        "       trex-search trend NAME --db CONNINFO [--tester NAME] [the options above]",
    .description =
        "Every ended job named NAME, oldest first, as one series per goal (MLR: the\n"
        "conditional throughput, PLR: the estimate), grouped into stable segments the\n"
        "way CSIT's jumpavg does; the newest group is judged against the one before it:\n"
        "regression, progression or stable. Exits 6 when a series' newest group is a\n"
        "regression; 2 when no ended job has that name. A result is compared with the\n"
        "results of its own testbed: the newest job's, --testbed NAME's, or with\n"
        "--any-testbed all of them. See docs/trend.md.\n"
        "With --db, the fleet database's jobs of every tester (docs/fleet.md): one trend\n"
        "per tester and testbed (--any-testbed: per tester), each headed by its tester and\n"
        "testbed, then a line naming the ones that regressed; exits 6 when any did.\n"
        "--tester and --testbed keep one tester's or testbed's.",
    .options = trend_options,
    .exit_codes = kFleetClientExitCodes,
    .client = {.operand = "name", .operand_count = 1, .body = trend_body},
};

}  // namespace trexsearch::cli
