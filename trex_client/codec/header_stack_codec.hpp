#pragma once

// Codec-internal: the profile language's packet headers, from Ethernet to the tunnel's
// inner packet (docs/traffic-profiles.md "Headers" and "Encapsulations").

#include <json/json.h>

#include <string_view>
#include <vector>

#include "trex_client/codec/field_reader.hpp"
#include "trex_client/profile/traffic_profile.hpp"

namespace trexsearch::trex::codec {

/// The header keys of a profile's root: ethernet, vlan, vlan_outer, mpls, ipv4 or ipv6,
/// udp or tcp, vxlan or gre with inner. Fails naming the field and what to change.
HeaderStack read_headers(const FieldReader& root);

/// The root keys of the profile language's packets: frame sizes, headers, flows and
/// checksum mode. TRex streams and raw packets refuse them beside themselves.
const std::vector<std::string_view>& packet_language_keys();

/// The same back into `json`, every field written.
void encode_headers(const HeaderStack& headers, Json::Value& json);

}  // namespace trexsearch::trex::codec
