#pragma once

// Codec-internal: jsoncpp lives only in trex_client/codec (and in the emulator's
// wire layer), never in the typed API headers.

#include <json/json.h>

#include <optional>
#include <string>
#include <string_view>

namespace trexsearch::trex::codec {

/// Parses JSON text as TRex writes it (jsoncpp FastWriter: compact, trailing newline,
/// non-finite doubles as `null` or `1e+9999`). On failure returns nothing and sets
/// `error` to the parser's message.
std::optional<Json::Value> parse_json(std::string_view text, std::string& error);

/// Compact JSON text (no newline); doubles with 17 significant digits like TRex.
std::string write_json(const Json::Value& value);

/// A short rendering of a value for error messages (compact, cut at ~80 characters).
std::string quote_value(const Json::Value& value);

}  // namespace trexsearch::trex::codec
