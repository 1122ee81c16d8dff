#pragma once

#include <json/value.h>

#include <optional>
#include <string>

#include "daemon/spec/load_units.hpp"

namespace trexsearch::service {

/// Parses a JSON number (pps) or a string (parse_load_text). Throws ConfigError
/// naming `path` and the value.
LoadValue parse_load(const Json::Value& json, const std::string& path);

/// `{"port_speed_gbps", "frame_bytes", "line_rate_pps"}` for replies, or null: what
/// outputs need to show a load in % of line rate and Gbit/s (L1).
Json::Value encode_line_rate(const std::optional<trex::LineRate>& line);

}  // namespace trexsearch::service
