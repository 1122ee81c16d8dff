#pragma once

#include <json/value.h>

#include <string>
#include <string_view>

#include "daemon/protocol/result_code.hpp"

namespace trexsearch::protocol {

/// A reply as JSON, for clients that read the reply's arguments as a document
/// (the tests, the benches, the CLI's JSON output): `{"id", "result", "text",
/// "arguments"}`.
struct JsonReply {
  Json::Value id;
  ResultCode result = ResultCode::success;
  std::string text;
  /// Always an object (absent arguments read as `{}`).
  Json::Value arguments{Json::objectValue};

  bool ok() const { return result == ResultCode::success; }
};

/// The reply line -> JsonReply. Throws std::runtime_error when the line is not a
/// reply (not JSON, no integer `result`, an unknown code).
JsonReply parse_json_reply(std::string_view line);

}  // namespace trexsearch::protocol
