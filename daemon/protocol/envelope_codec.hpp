#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "daemon/protocol/envelope.hpp"
#include "daemon/protocol/protocol_errors.hpp"

namespace trexsearch::protocol {

/// A line that is not a valid request. Carries the request id when the line was
/// JSON enough to have one, so the error reply can still be matched.
class MalformedRequest : public RequestError {
 public:
  MalformedRequest(RequestId id, const std::string& message)
      : RequestError(ResultCode::bad_request, message), id_(std::move(id)) {}

  const RequestId& id() const noexcept { return id_; }

 private:
  RequestId id_;
};

/// Parses one request line (without its newline), strictly: one JSON object with
/// only the keys above, `command` a non-empty string, `arguments` an object,
/// `version` (when given) this protocol's. Throws MalformedRequest naming the
/// problem (position for JSON syntax errors).
Request parse_request(std::string_view line);
/// A request as one line, newline included (clients).
std::string encode_request(const Request& request);

/// A reply as one line, newline included.
std::string encode_response(const Response& response);
/// The reply line -> Response, for clients (trex-search, tests). Throws
/// std::runtime_error when the line is not a reply.
Response parse_response(std::string_view line);

/// A streamed event as one line, newline included.
std::string encode_event(const Event& event);
/// An event line -> Event; nullopt when the line is not an event (a reply).
/// Throws std::runtime_error when it is not JSON.
std::optional<Event> parse_event(std::string_view line);

}  // namespace trexsearch::protocol
