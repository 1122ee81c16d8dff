#pragma once

#include <json/value.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "trex_client/profile/traffic_profile.hpp"

namespace trexsearch::trex {

/// Parses and validates a traffic profile (schema in docs/traffic-profiles.md).
/// Throws ConfigError whose field is "<source>:<path>", e.g.
/// "udp-64.json:ipv4.src = "10.0.0.256": not an IPv4 address".
TrafficProfile parse_profile(std::string_view json_text, const std::string& source);

/// The same from a JSON value already parsed (a job spec's `measurer.profile`).
TrafficProfile decode_profile(const Json::Value& json, const std::string& source);

/// The profile as JSON that decode_profile reads back to the same profile: every
/// field written out, defaults too (the daemon stores a job's profile so).
Json::Value encode_profile(const TrafficProfile& profile);

/// How many profiles this process has decoded (parse_profile, decode_profile): a
/// job's profile is decoded once at submission, and tests hold the daemon to that.
std::uint64_t profile_decodes();

/// Reads and parses a profile file; a file that cannot be read is a ConfigError too.
TrafficProfile load_profile(const std::filesystem::path& path);

}  // namespace trexsearch::trex
