#pragma once

// The typed values of TRex's advanced stateful (ASTF) JSON-RPC methods
// (trex-astf.md §1.2-§1.7). No JSON here: trex_client/codec/astf_codec reads and
// writes them.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trex_client/api/port_counters.hpp"

namespace trexsearch::trex {

/// TRex's ASTF API name and version (`api_sync_v2 {name: "ASTF", major: 2, minor: 3}`,
/// trex-astf.md §1.1).
inline constexpr std::string_view astf_api_name = "ASTF";
inline constexpr int astf_api_major = 2;
inline constexpr int astf_api_minor = 3;

/// A profile's state, as the ints `sync` and event 60 carry (trex-astf.md §1.3).
/// PARSE, BUILD, CLEANUP and DELETE are transient: TRex leaves them by itself.
enum class AstfState {
  idle = 0,
  loaded = 1,
  parse = 2,
  build = 3,
  tx = 4,
  cleanup = 5,
  deleting = 6
};

/// TRex's own name of the state ("Idle", "Loaded profile", "Parsing profile", ...).
std::string_view to_string(AstfState state);
/// The state an int names; nothing for ints TRex does not send.
std::optional<AstfState> astf_state_from_int(std::int64_t value);
/// PARSE, BUILD, CLEANUP, DELETE: states TRex leaves by itself.
bool is_transient(AstfState state);

/// The default profile id (TRex's `"_"`).
inline constexpr std::string_view astf_default_profile = "_";

/// `sync`: the ASTF epoch and the states of the whole context and each profile.
struct AstfSync {
  std::uint64_t epoch = 0;
  AstfState state = AstfState::idle;
  std::map<std::string, AstfState> profiles;

  /// The state of `profile_id`; IDLE when TRex does not list it (a profile that
  /// was never uploaded, or was cleared).
  AstfState profile_state(std::string_view profile_id) const;
};

/// The ASTF context `acquire` gives (all ports at once).
struct AstfContext {
  std::string handler;
  std::vector<std::uint8_t> ports;
};

/// `start` (every parameter TRex requires, trex-astf.md §1.6).
struct AstfStartRequest {
  std::string profile_id{astf_default_profile};
  /// Multiplies every template's `cps`: offered connections/s = mult * Σ cps.
  double mult = 1.0;
  /// How long new flows are generated, from the first flow [s]; <= 0: no end.
  double duration_s = 0.0;
  /// At the end of `duration`, terminate open flows instead of waiting for them.
  bool nc = true;
  std::uint32_t latency_pps = 0;
  bool ipv6 = false;
  /// Bit p enables client generation on (even) port p.
  std::uint32_t client_mask = 0xffffffffu;
};

/// One row of `get_counter_desc` (trex-astf.md §1.7). Ids are positional: map names
/// to ids from here, never hard-code them.
struct AstfCounterDesc {
  std::uint32_t id = 0;
  std::string name;
  std::string help;
  std::string units;
  /// TRex marks the counter an error (`info: "error"`): what ndr_bench fails on.
  bool error = false;
  /// False for table separators ("-", "TCP"), which still consume ids.
  bool real = true;
};

/// One section's (client or server) values by counter id; TRex leaves zero values
/// out, so an absent id reads as 0.
using AstfSectionValues = std::map<std::uint32_t, double>;

/// `get_counter_values` / `get_total_counter_values`.
struct AstfCounterValues {
  /// The epoch the counters belong to: every `start` begins a new one.
  std::uint64_t epoch = 0;
  AstfSectionValues client;
  AstfSectionValues server;
};

/// One read after a trial: the port and global counters and the profile's L7
/// counters, in one batch (the port reads refresh TRex's L7 aggregates first,
/// trex-astf.md §1.7 "Freshness").
struct AstfSnapshot {
  StatsSnapshot stats;
  AstfCounterValues counters;
};

}  // namespace trexsearch::trex
