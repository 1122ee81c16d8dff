#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace trexsearch::trex {

/// Event type ids of `get_async_events` (trex-protocol.md §4.2).
namespace event_type {
inline constexpr int port_started = 0;
inline constexpr int port_stopped = 1;
inline constexpr int port_paused = 2;
inline constexpr int port_resumed = 3;
inline constexpr int port_finished_tx = 4;
inline constexpr int port_acquired = 5;
inline constexpr int port_released = 6;
inline constexpr int port_error = 7;
inline constexpr int port_attr_changed = 8;
inline constexpr int profile_started = 10;
inline constexpr int profile_stopped = 11;
inline constexpr int profile_paused = 12;
inline constexpr int profile_resumed = 13;
inline constexpr int profile_finished_tx = 14;
inline constexpr int profile_error = 17;
/// ASTF (trex-astf.md §1.4): the context's state, a profile's state (with TRex's
/// error text when a start failed), a profile cleared.
inline constexpr int astf_state_changed = 50;
inline constexpr int astf_profile_state_changed = 60;
inline constexpr int astf_profile_cleared = 61;
inline constexpr int server_stopped = 100;
}  // namespace event_type

/// One queued event as `get_async_events` returns it.
struct AsyncEvent {
  int type = 0;
  /// Per-session sequence number, contiguous from 0.
  std::uint64_t seq = 0;
  std::optional<std::uint8_t> port_id;
  /// Empty for port-level events.
  std::string profile_id;
  /// ASTF events: the new state (an int of AstfState) and epoch.
  std::optional<std::int64_t> astf_state;
  std::optional<std::uint64_t> epoch;
  /// ASTF events: TRex's reason when a profile went back after an error (a profile
  /// TRex could not parse or build); empty otherwise.
  std::string error;
};

}  // namespace trexsearch::trex
