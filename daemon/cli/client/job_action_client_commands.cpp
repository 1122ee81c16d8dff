// `trex-search cancel JOB` and `trex-search delete JOB`: one privileged socket
// command on one job, its reply's text (or arguments with --json) printed.
#include <ostream>

#include "daemon/cli/command/command_entries.hpp"

namespace trexsearch::cli {
namespace {

ClientRequest cancel_request(const boost::program_options::variables_map& options) {
  return client_request(protocol::CancelRequest{job_argument(options)});
}

ClientRequest delete_request(const boost::program_options::variables_map& options) {
  return client_request(protocol::DeleteRequest{job_argument(options)});
}

int print_action(const ClientRequest&, const protocol::Response& reply, const ClientCall& call) {
  if (call.settings.json) {
    call.out << protocol::to_pretty_text(reply.arguments) << "\n";
  } else {
    call.out << reply.text << "\n";
  }
  return 0;
}

}  // namespace

constinit const CommandEntry kCancelCommand{
    .name = "cancel",
    .summary = "cancel a queued or running job",
    .usage = "trex-search cancel JOB",
    .description =
        "Cancels a queued job, or stops a running one (its running trial is\n"
        "stopped; the job ends as cancelled with the trials done so far).",
    .options = no_options,
    .client = {.operand_count = 1, .request = cancel_request, .print = print_action},
};

constinit const CommandEntry kDeleteCommand{
    .name = "delete",
    .summary = "delete an ended job with its trials and result",
    .usage = "trex-search delete JOB",
    .description =
        "Deletes an ended job (finished, failed, cancelled) with its trials and\n"
        "result, for good. Queued and running jobs must be cancelled first. The\n"
        "store reuses the space (the file does not shrink).",
    .options = no_options,
    .client = {.operand_count = 1, .request = delete_request, .print = print_action},
};

}  // namespace trexsearch::cli
