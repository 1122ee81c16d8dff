#include "plr/work_gate.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace trexsearch::plr {
namespace {

// How often a waiting worker looks at its abort flag. Waits are short anyway (a
// batch of samples takes milliseconds); this only bounds a wait that a job's
// cancel ends.
constexpr std::chrono::milliseconds kAbortCheck{5};

}  // namespace

WorkGate::WorkGate(std::size_t capacity) : capacity_(capacity) {
  if (capacity == 0) throw std::invalid_argument("WorkGate: capacity must be at least 1");
}

bool WorkGate::enter(const std::atomic<bool>* abort) {
  std::unique_lock lock(mutex_);
  const std::uint64_t ticket = next_ticket_++;
  line_.push_back(ticket);
  for (;;) {
    if (busy_ < capacity_ && line_.front() == ticket) {
      line_.pop_front();
      ++busy_;
      // The next in line may fit too.
      turn_.notify_all();
      return true;
    }
    if (abort != nullptr && abort->load(std::memory_order_relaxed)) {
      line_.erase(std::find(line_.begin(), line_.end(), ticket));
      turn_.notify_all();
      return false;
    }
    turn_.wait_for(lock, kAbortCheck);
  }
}

void WorkGate::leave() {
  {
    std::lock_guard lock(mutex_);
    --busy_;
  }
  turn_.notify_all();
}

std::size_t WorkGate::busy() const {
  std::lock_guard lock(mutex_);
  return busy_;
}

std::size_t WorkGate::waiting() const {
  std::lock_guard lock(mutex_);
  return line_.size();
}

}  // namespace trexsearch::plr
