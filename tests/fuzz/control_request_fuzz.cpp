// Fuzz body: the control socket's line protocol (docs/socket-api.md). Anyone allowed
// on the socket can send any bytes, so parse_request must reject garbage with
// MalformedRequest and nothing else.

#include "daemon/protocol/envelope_codec.hpp"
#include "fuzz_bodies.hpp"

namespace trexsearch::fuzz {
namespace {

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
