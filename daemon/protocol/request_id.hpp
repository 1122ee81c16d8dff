#pragma once

#include <cstdint>
#include <string>
#include <variant>

namespace trexsearch::protocol {

/// A request's `id`, echoed in its reply and in every event of a `watch`: absent
/// or null, an integer, another number, or a string (docs/socket-api.md).
using RequestId = std::variant<std::monostate, std::int64_t, double, std::string>;

}  // namespace trexsearch::protocol
