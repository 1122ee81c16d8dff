#pragma once

// Codec-internal: packets of one ASTF transaction without loss, told from a checked
// profile's programs (trex-astf.md §4.2, CSIT's ppta and pptad).

#include <json/value.h>

#include <cstdint>
#include <optional>

namespace trexsearch::trex::codec {

/// Packets one transaction sends client -> server and server -> client.
struct TransactionPackets {
  std::uint32_t client = 0;
  std::uint32_t server = 0;
  friend bool operator==(const TransactionPackets&, const TransactionPackets&) = default;
};

/// The packets of `templ` (an element of the checked `profile`'s templates): UDP from
/// the messages the programs send (loops followed); TCP for the shapes whose counts
/// CSIT states (connect and close: 4 + 3; N request/answer segments of at most one MSS:
/// 4 + N and 2 + N). Nothing when the programs do not tell it.
std::optional<TransactionPackets> transaction_packets(const Json::Value& profile,
                                                      const Json::Value& templ);

}  // namespace trexsearch::trex::codec
