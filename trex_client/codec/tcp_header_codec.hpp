#pragma once

// Codec-internal: the profile language's `tcp` header.

#include <json/json.h>

#include "trex_client/codec/field_reader.hpp"
#include "trex_client/profile/traffic_profile.hpp"

namespace trexsearch::trex::codec {

/// `{"src_port", "dst_port", "flags", "seq", "ack", "window"}`, each optional: ports
/// 1024, flags "S" (letters of F, S, R, P, A, U, as tcpdump and scapy write them, or a
/// number 0..63), seq and ack 0, window 8192. Fails naming the field.
TcpHeader read_tcp(const FieldReader& field);

/// The same back, every field written, flags as letters.
Json::Value encode_tcp(const TcpHeader& tcp);

}  // namespace trexsearch::trex::codec
