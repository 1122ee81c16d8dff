#pragma once

// Codec-internal: StreamSpec <-> the `stream` object of add_stream.

#include <json/json.h>

#include <optional>
#include <string>
#include <string_view>

#include "trex_client/api/stream_spec.hpp"

namespace trexsearch::trex::codec {

/// The `stream` object exactly as TRex's add_stream parses it (trex-protocol.md §2.7),
/// packet bytes in base64 and every mandatory field present.
Json::Value encode_stream(const StreamSpec& stream);

/// The `vm.instructions` array.
Json::Value encode_vm(const VmProgram& program);

/// Standard base64 (RFC 4648, with padding), as TRex expects packet binaries.
std::string base64_encode(std::string_view bytes);

/// Decodes standard base64; returns nothing for invalid input.
std::optional<std::string> base64_decode(std::string_view text);

}  // namespace trexsearch::trex::codec
