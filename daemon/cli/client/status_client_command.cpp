// `trex-search status`: the daemon, its TRex connection, the running job and queue.
#include "daemon/cli/command/command_entries.hpp"
#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/replies/status_format.hpp"
#include "daemon/protocol/replies/status_reply_codec.hpp"

namespace trexsearch::cli {
namespace {

ClientRequest status_request(const boost::program_options::variables_map&) {
  return client_request(protocol::StatusRequest{});
}

boost::program_options::options_description status_options() {
  boost::program_options::options_description options("Options");
  options.add_options()("testbed", boost::program_options::value<std::string>()->value_name("NAME"),
                        "only this testbed: its line, its running job and its queue (text; "
                        "--json prints the whole reply)");
  return options;
}

int print_status(const ClientRequest&, const protocol::Response& reply, const ClientCall& call) {
  if (call.options.count("testbed") == 0 || call.settings.json) {
    print_reply(call.out, call.settings, reply.arguments, format_status);
    return 0;
  }
  const std::string testbed = call.options["testbed"].as<std::string>();
  const auto status = protocol::decode_reply<protocol::StatusReply>(reply.arguments);
  const std::optional<protocol::StatusReply> only = status_of_testbed(status, testbed);
  if (!only) {
    std::string known;
    for (const auto& entry : status.testbeds) known += (known.empty() ? "" : ", ") + entry.name;
    throw UsageError("--testbed " + testbed + ": no such testbed (this daemon's testbeds: " +
                     (known.empty() ? "none: its config has no [testbed.NAME] section" : known) +
                     ")");
  }
  write_output(call.out, format_status(*only));
  return 0;
}

}  // namespace

constinit const CommandEntry kStatusCommand{
    .name = "status",
    .summary = "show trex-searchd's state, running job and queue",
    .usage = "trex-search status [--testbed NAME] [--json]",
    .description =
        "Shows the daemon, its TRex connection, each running job with its current\n"
        "bounds, the queue, each testbed with its running job and queue, and the\n"
        "connected clients. --testbed NAME shows that testbed's alone.",
    .options = status_options,
    .client = {.request = status_request, .print = print_status},
};

}  // namespace trexsearch::cli
