// Fuzz body: the control socket's line protocol (docs/socket-api.md). Anyone allowed
// on the socket can send any bytes, so parse_request must reject garbage with
// MalformedRequest and nothing else, and each command's codec must reject bad
// arguments with ConfigError and nothing else.

#include "daemon/protocol/envelope_codec.hpp"
#include "daemon/protocol/request_codec.hpp"
#include "measure/errors.hpp"
#include "tests/fuzz/fuzz_bodies.hpp"

namespace trexsearch::fuzz {
namespace {

// The arguments read as request `R`: refused with ConfigError, or read into a
// struct that encodes and reads back to itself.
template <class R>
void arguments_round_trip(const protocol::Document& arguments) {
  R request;
  try {
    request = protocol::decode_request<R>(arguments);
  } catch (const measure::ConfigError&) {
    return;
  }
  const R again = protocol::decode_request<R>(protocol::encode_arguments(request));
  require_round_trip(again == request, std::string(R::kCommand) + " arguments");
}

void every_command_round_trip(const protocol::Document& arguments) {
  using namespace protocol;
  arguments_round_trip<VersionRequest>(arguments);
  arguments_round_trip<StatusRequest>(arguments);
  arguments_round_trip<HelpRequest>(arguments);
  arguments_round_trip<SubmitRequest>(arguments);
  arguments_round_trip<SubmitSuiteRequest>(arguments);
  arguments_round_trip<ListRequest>(arguments);
  arguments_round_trip<ListSuitesRequest>(arguments);
  arguments_round_trip<ShowRequest>(arguments);
  arguments_round_trip<CancelRequest>(arguments);
  arguments_round_trip<DeleteRequest>(arguments);
  arguments_round_trip<ResultRequest>(arguments);
  arguments_round_trip<WatchRequest>(arguments);
  arguments_round_trip<AnalyzeRequest>(arguments);
  arguments_round_trip<ShowSuiteRequest>(arguments);
}

void request_round_trip(std::string_view data) {
  protocol::Request request;
  try {
    request = protocol::parse_request(data);
  } catch (const protocol::MalformedRequest&) {
    return;
  }
  const std::string line = protocol::encode_request(request);
  const protocol::Request again = protocol::parse_request(line.substr(0, line.size() - 1));
  require_round_trip(again.id == request.id, "request id");
  require_round_trip(again.command == request.command, "request command");
  require_round_trip(again.arguments == request.arguments, "request arguments");
  every_command_round_trip(request.arguments);
}

void response_round_trip(std::string_view data) {
  protocol::Response response;
  try {
    response = protocol::parse_response(data);
  } catch (const std::runtime_error&) {
    return;  // the documented error, also for text that is not JSON at all
  }
  // encode -> parse gives the same reply (a missing `arguments` parses as {}, which
  // is what encode_response writes).
  const std::string line = protocol::encode_response(response);
  const protocol::Response again = protocol::parse_response(line.substr(0, line.size() - 1));
  require_round_trip(again.id == response.id, "response id");
  require_round_trip(again.result == response.result, "response result");
  require_round_trip(again.text == response.text, "response text");
  require_round_trip(again.arguments == response.arguments, "response arguments");
  require_round_trip(protocol::encode_response(again) == line, "response line");
}

}  // namespace

void fuzz_control_request(std::string_view data) {
  request_round_trip(data);
  response_round_trip(data);
}

}  // namespace trexsearch::fuzz
