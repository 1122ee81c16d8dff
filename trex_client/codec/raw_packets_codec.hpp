#pragma once

// Codec-internal: a profile's `packets` (raw frames, e.g. from a capture) as the TRex
// streams that send them (docs/traffic-profiles.md "Packets from a capture").

#include "trex_client/codec/field_reader.hpp"
#include "trex_client/profile/traffic_profile.hpp"

namespace trexsearch::trex::codec {

/// Reads `"packets": [{"bytes": BASE64, "weight": N, "vary": [{"offset", "size",
/// "count", "step"}]}]` into one continuous stream per packet, sent by every
/// transmitting port: the bytes as given (the port's MACs put in by TRex), the weight as its pps
/// share, and per vary a 1, 2 or 4-byte big-endian field stepping `count` times by `step` from the
/// packet's own value (a flow_var and a write_flow_var), with the IPv4 header checksum fixed (and
/// the UDP or TCP one, by fix_checksum_hw) when a field varies. Fails naming the packet and field:
/// bad base64, a packet outside 14..9238 bytes, a weight not > 0, a field past the packet's end or
/// whose values overflow its size, `packets_pcap` (a file the client reads, never the daemon) and
/// the packet keys beside `packets`.
NativeStreams read_raw_packets(const FieldReader& root);

}  // namespace trexsearch::trex::codec
