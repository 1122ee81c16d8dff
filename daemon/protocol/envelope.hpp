#pragma once

#include <string>

#include "daemon/protocol/document.hpp"
#include "daemon/protocol/request_id.hpp"
#include "daemon/protocol/result_code.hpp"

namespace trexsearch::protocol {

/// Version of the line protocol in docs/socket-api.md: sent in every reply and
/// event, accepted (and checked) in requests, reported by `version`.
inline constexpr int kProtocolVersion = 1;

/// One request line: `{"id"?, "version"?, "command", "arguments"?}`.
struct Request {
  RequestId id;
  std::string command;
  /// Always an object (empty when the request had none); the command's codec
  /// (request_codec.hpp) reads it into the command's request struct.
  Document arguments;
};

/// One reply line: `{"id", "version", "result", "error"?, "text", "arguments"}`.
struct Response {
  RequestId id;
  ResultCode result = ResultCode::success;
  /// One human-readable sentence; for errors it names what was wrong.
  std::string text;
  /// Command-specific data (the reply codecs); an empty object when there is none.
  Document arguments;

  bool ok() const { return result == ResultCode::success; }
};

/// One streamed event line (`watch`): `{"id", "version", "event", "arguments"}`.
struct Event {
  RequestId id;
  std::string event;
  Document arguments;
};

/// A reply for a failed request: the typed error reply, its code stable
/// (result_code.hpp) and its text naming what was wrong.
Response error_response(RequestId id, ResultCode code, std::string text);

}  // namespace trexsearch::protocol
