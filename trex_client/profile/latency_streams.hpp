#pragma once

#include <cstddef>
#include <cstdint>

#include "trex_client/api/stream_spec.hpp"
#include "trex_client/profile/traffic_profile.hpp"

namespace trexsearch::trex {

/// TRex writes a 16-byte trailer (magic, sequence, TX timestamp) into the last bytes
/// of a latency frame and refuses frames with less L4 payload
/// (trex-flowstats-latency.md §1.1, §6 item 7).
inline constexpr std::uint32_t latency_trailer_bytes = 16;

/// Highest latency rate per direction and summed over directions [frames/s]. TRex's
/// RX thread handles every latency frame in software and asks to keep the total
/// well under 5 Mpps (§1.2); it also counts the main traffic there on virtual NICs.
inline constexpr double max_latency_rate_pps = 1e6;

/// The frame size of the latency streams: the section's, else the profile's single
/// frame size. Throws ConfigError ("latency.frame_size") for an IMIX without one.
std::uint32_t latency_frame_size(const TrafficProfile& profile);

/// Checks the latency section against what TRex accepts: a rate in (0, 1 Mpps] per
/// direction and in total, a frame of at most 9000 bytes with >= 16 bytes of L4
/// payload (IPv4/UDP: 64 B; IPv6/UDP: 82 B; + 4 with a VLAN), and pg_ids that
/// cannot collide with the main streams' (1..directions). Throws ConfigError naming
/// the field ("latency.rate_pps", ...). No-op without a latency section.
void validate_latency(const TrafficProfile& profile, std::size_t direction_count);

/// One direction's latency stream: a single flow (the profile's first; CSIT's
/// latency streams carry no field engine either), continuous at `rate_pps`, tagged
/// `flow_stats {enabled, pg_id, "latency"}`. IPv6 or hardware-checksum profiles get
/// fix_checksum_hw so the UDP checksum covers the trailer TRex writes.
StreamSpec build_latency_stream(const TrafficProfile& profile, const HeaderStack& headers,
                                std::uint8_t tx_port, std::uint32_t pg_id);

}  // namespace trexsearch::trex
