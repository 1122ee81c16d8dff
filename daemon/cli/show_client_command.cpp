// `trex-search show JOB` or `show SUITE`.
#include <json/value.h>

#include <ostream>

#include "daemon/cli/client_format.hpp"
#include "daemon/cli/command_entries.hpp"
#include "daemon/cli/command_errors.hpp"
#include "daemon/cli/suite_values.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/job_replies_codec.hpp"
#include "daemon/protocol/reply_codec.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

po::options_description show_options() {
  po::options_description options("Options");
  options.add_options()("no-trials", "leave the trial list out");
  return options;
}

ClientRequest show_request(const po::variables_map& options) {
  if (options.count("job") != 0 && names_suite(options["job"].as<std::string>())) {
    if (options.count("no-trials") != 0) {
      throw UsageError("--no-trials applies to a job; a suite lists no trials");
    }
    return client_request(protocol::ShowSuiteRequest{suite_ref(options["job"].as<std::string>())});
  }
  return client_request(
      protocol::ShowRequest{job_argument(options), options.count("no-trials") == 0});
}

// `show` for people: the reply read through its protocol codec.
std::string format_shown_job(const Json::Value& arguments) {
  return format_job(
      protocol::decode_reply<protocol::ShowReply>(protocol::make_document(arguments)));
}

int print_shown(const ClientRequest& request, const protocol::JsonReply& reply,
                const ClientCall& call) {
  print_reply(call.out, call.settings, reply.arguments,
              request.command == "show_suite" ? format_suite : format_shown_job);
  return 0;
}

}  // namespace

constinit const CommandEntry kShowCommand{
    .name = "show",
    .summary = "show one job: state, progress, bounds, trials",
    .usage =
        "trex-search show JOB [--no-trials] [--json]\n"
        "       trex-search show SUITE [--json]",
    .description =
        "Shows one job: state, reason, times, the live progress while it runs or\n"
        "the bounds its stored trials support, and every stored trial.\n"
        "SUITE (a suite's name, or suite:N; docs/suites.md) shows a suite: every\n"
        "job with its state and throughput (pps, % of line rate, Gbit/s L1).",
    .options = show_options,
    .client = {.operand_count = 1, .request = show_request, .print = print_shown},
};

}  // namespace trexsearch::cli
