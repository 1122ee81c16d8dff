#pragma once

#include <cstdint>
#include <optional>

namespace trexsearch::trex::emu {

/// What the simulated stateful SUT of one port pair can do (--astf-sut-*).
struct AstfSutLimits {
  /// New connections per second it accepts (a token bucket); none: no limit.
  std::optional<double> cps;
  /// Sessions it holds at once; none: no limit.
  std::optional<std::uint64_t> sessions;
  /// Idle time after which a session expires [s] (UDP sessions, and TCP sessions
  /// whose flows were cut without a close).
  double session_timeout_s = 30.0;
};

}  // namespace trexsearch::trex::emu
