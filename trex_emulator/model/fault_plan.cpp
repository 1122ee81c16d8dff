#include "trex_emulator/model/fault_plan.hpp"

#include <utility>

namespace trexsearch::trex::emu {

void FaultPlan::drop_next_replies(int count) {
  std::lock_guard lock(mutex_);
  drop_ = count;
}

void FaultPlan::delay_next_replies(int count, measure::Seconds delay) {
  std::lock_guard lock(mutex_);
  delay_count_ = count;
  delay_ = delay;
}

void FaultPlan::corrupt_next_replies(int count) {
  std::lock_guard lock(mutex_);
  corrupt_ = count;
}

void FaultPlan::busy_next_commands(int count) {
  std::lock_guard lock(mutex_);
  busy_ = count;
}

bool FaultPlan::take_busy() {
  std::lock_guard lock(mutex_);
  if (busy_ <= 0) return false;
  --busy_;
  return true;
}

void FaultPlan::set_silent(bool silent) {
  std::lock_guard lock(mutex_);
  silent_ = silent;
}

void FaultPlan::request_restart() {
  std::lock_guard lock(mutex_);
  restart_ = true;
}

FaultPlan::Decision FaultPlan::next_reply() {
  std::lock_guard lock(mutex_);
  if (silent_) return {Action::drop, measure::Seconds{0.0}};
  if (drop_ > 0) {
    --drop_;
    return {Action::drop, measure::Seconds{0.0}};
  }
  if (corrupt_ > 0) {
    --corrupt_;
    return {Action::corrupt, measure::Seconds{0.0}};
  }
  if (delay_count_ > 0) {
    --delay_count_;
    return {Action::delay, delay_};
  }
  return {};
}

void FaultPlan::set_link_up(std::uint8_t port, bool up) {
  std::lock_guard lock(mutex_);
  link_changes_[port] = up;
}

std::map<std::uint8_t, bool> FaultPlan::take_link_changes() {
  std::lock_guard lock(mutex_);
  return std::exchange(link_changes_, {});
}

bool FaultPlan::take_restart() {
  std::lock_guard lock(mutex_);
  const bool restart = restart_;
  restart_ = false;
  return restart;
}

}  // namespace trexsearch::trex::emu

namespace trexsearch::trex::emu {

void FaultPlan::request_flush() {
  std::lock_guard lock(mutex_);
  flush_ = true;
}

bool FaultPlan::take_flush() {
  std::lock_guard lock(mutex_);
  const bool flush = flush_;
  flush_ = false;
  return flush;
}

}  // namespace trexsearch::trex::emu
