#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "trex_client/profile/traffic_profile.hpp"

namespace trexsearch::trex {

/// Parses and validates a traffic profile (schema in docs/traffic-profiles.md).
/// Throws ConfigError whose field is "<source>:<path>", e.g.
/// "udp-64.json:ipv4.src = "10.0.0.256": not an IPv4 address".
TrafficProfile parse_profile(std::string_view json_text, const std::string& source);

/// Reads and parses a profile file; a file that cannot be read is a ConfigError too.
TrafficProfile load_profile(const std::filesystem::path& path);

}  // namespace trexsearch::trex
