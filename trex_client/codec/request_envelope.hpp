#pragma once

// Codec-internal: the JSON-RPC 2.0 envelope every request codec wraps its params in.

#include <json/json.h>

#include <string>
#include <string_view>

#include "trex_client/codec/request_codec.hpp"

namespace trexsearch::trex::codec {

/// `{api_h}` (or `{}` before api_sync_v2). TRex requires `params` to be an object for
/// every method since v2.61 (§1.5 step 8), so even parameterless calls get one.
Json::Value base_params(const RequestHead& head);

/// The request's text: `{jsonrpc: "2.0", id, method, params}`.
std::string envelope(const RequestHead& head, std::string_view method, Json::Value params);

}  // namespace trexsearch::trex::codec
