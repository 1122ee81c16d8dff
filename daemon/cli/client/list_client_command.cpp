// `trex-search list`: jobs (or suites), newest first; with --db the fleet's jobs with
// their testers.
#include <ostream>

#include "daemon/cli/analysis/export_filter.hpp"
#include "daemon/cli/client/job_source.hpp"
#include "daemon/cli/command/client_connection.hpp"
#include "daemon/cli/command/command_entries.hpp"
#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/command/fleet_options.hpp"
#include "daemon/cli/replies/fleet_job_list_codec.hpp"
#include "daemon/cli/replies/job_list_format.hpp"
#include "daemon/cli/text/terminal_text.hpp"
#include "daemon/cli/text/text_table.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

po::options_description list_options() {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
      ("state", po::value<std::string>()->value_name("STATE"),
       "only jobs in this state: queued, running, interrupted, finished, failed, cancelled")
      ("limit", po::value<int>()->value_name("N")->default_value(100), "at most N jobs")
      ("testbed", po::value<std::string>()->value_name("NAME"),
       "only trex jobs placed on this testbed (docs/testbeds.md)")
      ("suites", "list suites instead of jobs (docs/suites.md)");
  // clang-format on
  add_fleet_options(options);
  return options;
}

std::string format_jobs(const protocol::ListReply& reply) { return format_job_list(reply.jobs); }

std::string format_suites(const protocol::ListSuitesReply& reply) {
  std::vector<std::vector<std::string>> rows{{"SUITE", "NAME", "JOBS", "CREATED"}};
  for (const protocol::SuiteSummary& suite : reply.suites) {
    rows.push_back({std::to_string(suite.id), terminal_safe(suite.name),
                    std::to_string(suite.job_count), suite.created_at});
  }
  return format_text_table(rows, {true, false, true, false});
}

// --limit as the daemon takes it (1..10000), checked before anything is sent.
std::size_t list_limit(const po::variables_map& options) {
  const int limit = options["limit"].as<int>();
  if (limit < 1 || limit > static_cast<int>(protocol::kMaxListLimit)) {
    throw UsageError("--limit " + std::to_string(limit) + ": must be from 1 to " +
                     std::to_string(protocol::kMaxListLimit));
  }
  return static_cast<std::size_t>(limit);
}

ClientRequest list_request(const po::variables_map& options) {
  if (options.count("suites") != 0) {
    if (options.count("state") != 0) throw UsageError("--state applies to jobs, not --suites");
    if (options.count("testbed") != 0) {
      throw UsageError("--testbed applies to jobs, not --suites");
    }
    return client_request(protocol::ListSuitesRequest{list_limit(options)});
  }
  protocol::ListRequest list{std::nullopt, list_limit(options), std::nullopt};
  if (options.count("testbed") != 0) list.testbed = options["testbed"].as<std::string>();
  if (options.count("state") != 0) {
    const std::string state = options["state"].as<std::string>();
    list.state = protocol::job_state_from_string(state);
    if (!list.state) {
      throw UsageError("--state '" + state +
                       "': must be queued, running, interrupted, finished, failed or cancelled");
    }
  }
  return client_request(list);
}

int print_list(const ClientRequest& request, const protocol::Response& reply,
               const ClientCall& call) {
  if (request.command == "list_suites") {
    print_reply(call.out, call.settings, reply.arguments, format_suites);
  } else {
    print_reply(call.out, call.settings, reply.arguments, format_jobs);
  }
  return 0;
}

/// `list --db`: the fleet's newest jobs, each with its tester.
int list_fleet(const ClientCall& call) {
  const po::variables_map& options = call.options;
  if (options.count("suites") != 0)
    throw UsageError("--suites lists one daemon's suites, not --db");
  JobQuery query;
  std::string state = "all";
  if (options.count("state") != 0) {
    state = options["state"].as<std::string>();
    // As for one daemon: one state (export's "ended" and "all" are not list's).
    if (!protocol::job_state_from_string(state)) {
      throw UsageError("--state '" + state +
                       "': must be queued, running, interrupted, finished, failed or cancelled");
    }
  }
  query.filter = make_export_filter(std::nullopt, std::nullopt, state, std::nullopt, std::nullopt);
  query.tester = tester_option(options);
  if (options.count("testbed") != 0) query.testbed = options["testbed"].as<std::string>();
  query.newest = list_limit(options);
  const std::vector<SourcedJob> jobs = open_job_source(call)->jobs(query);
  write_output(call.out, call.settings.json ? fleet_job_list_json(jobs) : format_job_list(jobs));
  return 0;
}

int list_body(const ClientCall& call) {
  if (fleet_conninfo(call.options)) return list_fleet(call);
  tester_option(call.options);  // refuses --tester without --db
  const ClientRequest request = list_request(call.options);
  ControlConnection connection(call.settings.socket, call.settings.timeout);
  return print_list(request, connection.exchange(request.command, request.arguments), call);
}

}  // namespace

constinit const CommandEntry kListCommand{
    .name = "list",
    .summary = "list trex-searchd's jobs (with --db: the fleet's)",
    .usage =
        "trex-search list [--state STATE] [--limit N] [--testbed NAME] [--json]\n"
        "       trex-search list --suites [--limit N] [--json]\n"
        "       trex-search list --db CONNINFO [--tester NAME] [--state STATE] [--limit N]\n"
        "                        [--testbed NAME] [--json]",
    .description =
        "Lists jobs (or suites), newest first. With --db, the jobs of every tester in the\n"
        "fleet database (docs/fleet.md), newest first, with a TESTER column (--json: each\n"
        "JOB object with a \"tester\" member).",
    .options = list_options,
    .exit_codes = kFleetClientExitCodes,
    .client = {.body = list_body},
};

}  // namespace trexsearch::cli
