#pragma once

#include <json/value.h>

#include <string>
#include <string_view>

#include "daemon/service/result_code.hpp"
#include "daemon/service/service_errors.hpp"

namespace trexsearch::service {

/// Version of the line protocol in docs/socket-api.md, reported by `version`.
inline constexpr int kProtocolVersion = 1;

/// One request line: `{"id"?, "command", "arguments"?}`.
struct Request {
  /// Echoed in every reply and event for this request; a string, a number or null.
  Json::Value id;
  std::string command;
  /// Always an object (empty when the request had none).
  Json::Value arguments{Json::objectValue};
};

/// One reply line: `{"id", "result", "text", "arguments"}`.
struct Response {
  Json::Value id;
  ResultCode result = ResultCode::success;
  /// One human-readable sentence; for errors it names what was wrong.
  std::string text;
  /// Command-specific data; an empty object when there is none.
  Json::Value arguments{Json::objectValue};
};

/// A line that is not a valid request. Carries the request id when the line was
/// JSON enough to have one, so the error reply can still be matched.
class MalformedRequest : public RequestError {
 public:
  MalformedRequest(Json::Value id, const std::string& message)
      : RequestError(ResultCode::bad_request, message), id_(std::move(id)) {}

  const Json::Value& id() const noexcept { return id_; }

 private:
  Json::Value id_;
};

/// Parses one request line (without its newline), strictly: one JSON object with
/// only the keys above, `command` a non-empty string, `arguments` an object.
/// Throws MalformedRequest naming the problem (position for JSON syntax errors).
Request parse_request(std::string_view line);

/// A reply as one line, newline included.
std::string encode_response(const Response& response);

/// A streamed event (`watch`) as one line, newline included:
/// `{"id", "event", "arguments"}`.
std::string encode_event(const Json::Value& id, std::string_view event,
                         const Json::Value& arguments);

/// A reply for a failed request.
Response error_response(Json::Value id, ResultCode code, std::string text);

/// The reply JSON -> Response, for clients (trex-search, tests). Throws
/// std::runtime_error when the line is not a reply.
Response parse_response(std::string_view line);

}  // namespace trexsearch::service
