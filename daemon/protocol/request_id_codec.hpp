#pragma once

#include <json/value.h>

#include <optional>

#include "daemon/protocol/request_id.hpp"

namespace trexsearch::protocol {

/// null, a number or a string -> RequestId; nullopt for anything else (a bool, an
/// object, an array). Integers stay integers (so `7` is echoed as `7`, not `7.0`).
std::optional<RequestId> decode_request_id(const Json::Value& json);
Json::Value encode_request_id(const RequestId& id);

}  // namespace trexsearch::protocol
