#pragma once

#include <json/value.h>

#include <optional>
#include <string>

#include "daemon/spec/load_units.hpp"

namespace trexsearch::service {

/// Parses a JSON number (pps) or a string (parse_load_text). Throws ConfigError
/// naming `path` and the value.
LoadValue parse_load(const Json::Value& json, const std::string& path);

}  // namespace trexsearch::service
