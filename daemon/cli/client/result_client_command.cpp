// `trex-search result JOB`: a job's full search result; the exit code says whether
// it is complete (3) and clean (5).
#include <ostream>

#include "daemon/cli/command/command_entries.hpp"
#include "daemon/cli/command/exit_codes.hpp"
#include "daemon/cli/replies/client_format.hpp"
#include "daemon/cli/replies/result_format.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"
#include "daemon/protocol/replies/reply_codec.hpp"

namespace trexsearch::cli {
namespace {

ClientRequest result_request(const boost::program_options::variables_map& options) {
  return client_request(protocol::ResultRequest{job_argument(options)});
}

int print_result(const ClientRequest&, const protocol::Response& reply, const ClientCall& call) {
  const auto typed = protocol::decode_reply<protocol::ResultReply>(reply.arguments);
  print_reply(call.out, call.settings, reply.arguments, typed, format_result);
  const protocol::ResultDocument& result = typed.result;
  if (result_stopped_early(result)) {
    // As simulate: partial bounds are reported as such first (3 wins over 5).
    call.err << "trex-search: " << stopped_early_notice(result) << std::endl;
    return static_cast<int>(kExitStoppedEarly);
  }
  return result_not_clean(result) ? static_cast<int>(kExitNotClean) : static_cast<int>(kExitOk);
}

}  // namespace

constinit const CommandEntry kResultCommand{
    .name = "result",
    .summary = "print a job's result",
    .usage = "trex-search result JOB [--json]",
    .description =
        "Prints a job's search result: how it ended, each goal's bounds (or the\n"
        "PLR estimate), per-direction counts at the bounds, the trials' notes\n"
        "counted per kind and load, the counters used; with --json every trial\n"
        "too, in the shape of `trex-search simulate`. Exits 5 when the result is\n"
        "not clean: a goal's upper bound (or the PLR estimate) is the tester's.",
    .options = no_options,
    .client = {.operand_count = 1, .request = result_request, .print = print_result},
};

}  // namespace trexsearch::cli
