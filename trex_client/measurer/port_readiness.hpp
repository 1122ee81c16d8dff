#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "measure/direction_counts.hpp"
#include "trex_client/api/port_status.hpp"

namespace trexsearch::trex {

/// What TRex's own start checks refuse without `force` (trex-protocol.md §2.9,
/// TrexStatelessPort::start_traffic), for a measurer that starts with `force`
/// (docs/trials.md "Forced starts"): one line per problem, e.g. "port 1: link is
/// down", "port 0: destination MAC unresolved (layer_cfg.ipv4.state "unresolved")";
/// empty when every port is ready. A port in `needs_destination` has streams that
/// take their destination MAC from the port's configuration. Unlike TRex, the
/// receiving ports' links count too: a dead one loses every frame just the same.
std::vector<std::string> port_readiness_problems(std::span<const PortStatus> statuses,
                                                 std::span<const std::uint8_t> needs_destination);

/// The problems joined into one sentence ("port 1: link is down; port 0: ...").
std::string join_problems(const std::vector<std::string>& problems);

/// The first direction that got nothing back though frames were sent or meant to
/// be (a NIC may not count frames out on a dead link; af_packet does), described:
/// "direction 0->1 received none of its 100001 frames" or "direction 0->1 sent
/// none of its 100000 intended frames". Nothing when every direction received
/// something or had nothing to send.
std::optional<std::string> silent_direction(std::span<const measure::DirectionCounts> directions);

}  // namespace trexsearch::trex
