// `trex-search status`: the daemon, its TRex connection, the running job and queue.
#include "daemon/cli/command/command_entries.hpp"
#include "daemon/cli/replies/status_format.hpp"
#include "daemon/protocol/replies/status_reply_codec.hpp"

namespace trexsearch::cli {
namespace {

ClientRequest status_request(const boost::program_options::variables_map&) {
  return client_request(protocol::StatusRequest{});
}

int print_status(const ClientRequest&, const protocol::Response& reply, const ClientCall& call) {
  print_reply(call.out, call.settings, reply.arguments, format_status);
  return 0;
}

}  // namespace

constinit const CommandEntry kStatusCommand{
    .name = "status",
    .summary = "show trex-searchd's state, running job and queue",
    .usage = "trex-search status [--json]",
    .description =
        "Shows the daemon, its TRex connection, the running job with its current\n"
        "bounds, the queue and the connected clients.",
    .options = no_options,
    .client = {.request = status_request, .print = print_status},
};

}  // namespace trexsearch::cli
