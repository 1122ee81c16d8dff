#pragma once

#include <cstdint>
#include <map>
#include <optional>

#include "trex_emulator/model/astf_sut_limits.hpp"

namespace trexsearch::trex::emu {

/// A stateful device (a NAT, a firewall) between the client and the server port of a
/// pair: the first packet of a new connection passes only when the device has a
/// connection token (at most `cps` per second, a burst of 10 ms worth, at least one)
/// and a free session; then the session stays until it is released. Deterministic:
/// no randomness. Times are emulated seconds.
class AstfSut {
 public:
  explicit AstfSut(AstfSutLimits limits);

  /// `count` new connections arrive at `at` (in time order); returns how many pass.
  /// Sessions released by `at` are freed first.
  std::uint64_t admit(double at, std::uint64_t count);
  /// `count` sessions admitted earlier are released at `at`.
  void release_at(double at, std::uint64_t count);
  /// Moves `count` sessions due at `from` to `to`.
  void move_release(double from, double to, std::uint64_t count);
  /// Forgets every session (SIGUSR1: what CSIT's resetter does to NAT sessions).
  void flush();
  /// Sessions held at `at`.
  std::uint64_t sessions(double at);

 private:
  void expire(double at);

  AstfSutLimits limits_;
  double tokens_ = 0.0;
  double refilled_at_ = 0.0;
  bool started_ = false;
  std::uint64_t held_ = 0;
  /// Release time -> sessions released then.
  std::map<double, std::uint64_t> releases_;
};

}  // namespace trexsearch::trex::emu
