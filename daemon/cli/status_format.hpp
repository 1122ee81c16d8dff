#pragma once

#include <json/value.h>

#include <string>

namespace trexsearch::cli {

/// `status` for people: daemon, TRex, running job with its bounds, queue, store,
/// clients (docs/socket-api.md shapes).
std::string format_status(const Json::Value& status);

}  // namespace trexsearch::cli
