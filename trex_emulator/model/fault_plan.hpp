#pragma once

#include <cstdint>
#include <map>
#include <mutex>

#include "measure/units.hpp"

namespace trexsearch::trex::emu {

/// Faults to inject into the next replies, set from any thread (tests, the
/// emulator_control method, signals) and consumed by the server thread.
class FaultPlan {
 public:
  /// What to do with the next reply.
  enum class Action { reply, drop, delay, corrupt };
  struct Decision {
    Action action = Action::reply;
    /// Real (wall-clock) delay for Action::delay.
    measure::Seconds delay{0.0};
  };

  /// Swallow the next `count` replies (the client times out).
  void drop_next_replies(int count);
  /// Send the next `count` replies `delay` late (real time).
  void delay_next_replies(int count, measure::Seconds delay);
  /// Replace the next `count` replies by malformed JSON.
  void corrupt_next_replies(int count);
  /// Answer the next `count` queries (`get_*` commands; elements of a batch count
  /// one each) with -32001 "Try again later" without running them, as TRex does
  /// while busy.
  void busy_next_commands(int count);
  /// Drop every reply until turned off again (an emulator gone silent).
  void set_silent(bool silent);
  /// Restart before handling the next request: forget sessions and handles.
  void request_restart();
  /// Flush every ASTF SUT's sessions before handling the next request (SIGUSR1).
  void request_flush();
  /// Take a port's link down (or up) before handling the next request.
  void set_link_up(std::uint8_t port, bool up);

  /// Consumes one reply's worth of faults.
  Decision next_reply();
  /// True once per request_restart().
  bool take_restart();
  /// True once per request_flush().
  bool take_flush();
  /// The link changes asked since the last call (port -> up), once.
  std::map<std::uint8_t, bool> take_link_changes();
  /// Consumes one command's worth of busy_next_commands().
  bool take_busy();

 private:
  std::mutex mutex_;
  int drop_ = 0;
  int delay_count_ = 0;
  measure::Seconds delay_{0.0};
  int corrupt_ = 0;
  int busy_ = 0;
  bool silent_ = false;
  bool restart_ = false;
  bool flush_ = false;
  std::map<std::uint8_t, bool> link_changes_;
};

}  // namespace trexsearch::trex::emu
