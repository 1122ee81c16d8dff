// `trex-search show JOB` or `show SUITE`.
#include <ostream>

#include "daemon/cli/command/command_entries.hpp"
#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/replies/client_format.hpp"
#include "daemon/cli/replies/suite_values.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"
#include "daemon/protocol/replies/reply_codec.hpp"
#include "daemon/protocol/replies/suite_replies_codec.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

po::options_description show_options() {
  po::options_description options("Options");
  options.add_options()("no-trials", "leave the trial list out")(
      "hooks", "list every run of the job's hooks with its output (docs/testbeds.md)");
  return options;
}

ClientRequest show_request(const po::variables_map& options) {
  if (options.count("job") != 0 && names_suite(options["job"].as<std::string>())) {
    if (options.count("no-trials") != 0 || options.count("hooks") != 0) {
      throw UsageError("--no-trials and --hooks apply to a job, not a suite");
    }
    return client_request(protocol::ShowSuiteRequest{suite_ref(options["job"].as<std::string>())});
  }
  return client_request(protocol::ShowRequest{
      job_argument(options), options.count("no-trials") == 0, options.count("hooks") != 0});
}

// `show SUITE` for people: the suite read through its codec.
std::string format_shown_suite(const protocol::Document& arguments) {
  return format_suite_data(
      suite_values(protocol::decode_reply<protocol::ShowSuiteReply>(arguments)));
}

int print_shown(const ClientRequest& request, const protocol::Response& reply,
                const ClientCall& call) {
  if (request.command == protocol::ShowSuiteRequest::kCommand) {
    write_output(call.out, call.settings.json ? protocol::to_pretty_text(reply.arguments) + "\n"
                                              : format_shown_suite(reply.arguments));
  } else {
    print_reply(call.out, call.settings, reply.arguments, format_job);
  }
  return 0;
}

}  // namespace

constinit const CommandEntry kShowCommand{
    .name = "show",
    .summary = "show one job: state, progress, bounds, trials",
    .usage =
        "trex-search show JOB [--no-trials] [--hooks] [--json]\n"
        "       trex-search show SUITE [--json]",
    .description =
        "Shows one job: state, reason, times, the live progress while it runs or\n"
        "the bounds its stored trials support, every stored trial, and how many\n"
        "runs of its hooks failed (--hooks: each run with its output).\n"
        "SUITE (a suite's name, or suite:N; docs/suites.md) shows a suite: every\n"
        "job with its state and throughput (pps, % of line rate, Gbit/s L1).",
    .options = show_options,
    .client = {.operand_count = 1, .request = show_request, .print = print_shown},
};

}  // namespace trexsearch::cli
