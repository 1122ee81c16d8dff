#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>

namespace trexsearch::plr {

/// The CPU budget that the integration workers of every running search share: at
/// most `capacity` of them compute at once, and a worker that has computed a batch
/// of samples goes to the back of the line (first come, first served), so that two
/// soaks with the same number of workers get the same share. With one search and
/// at least as many slots as its workers it changes nothing. Thread-safe; shared by
/// the searches that use it (IntegrationSettings::gate), which it must outlive.
class WorkGate {
 public:
  /// `capacity` >= 1: how many workers may compute at once.
  explicit WorkGate(std::size_t capacity);
  ~WorkGate() = default;
  WorkGate(const WorkGate&) = delete;
  WorkGate& operator=(const WorkGate&) = delete;
  WorkGate(WorkGate&&) = delete;
  WorkGate& operator=(WorkGate&&) = delete;

  /// Waits for a slot, in the order of arrival. Returns false, without a slot, when
  /// `abort` became true meanwhile (it is looked at every few milliseconds: the only
  /// bound such a wait needs, since every holder releases after one batch).
  bool enter(const std::atomic<bool>* abort);
  /// Gives the slot back.
  void leave();

  std::size_t capacity() const { return capacity_; }
  /// Workers computing now, and waiting now (for tests and status).
  std::size_t busy() const;
  std::size_t waiting() const;

 private:
  const std::size_t capacity_;
  mutable std::mutex mutex_;
  std::condition_variable turn_;
  std::size_t busy_ = 0;
  /// The waiting workers' tickets in the order they came; the front one goes next.
  std::deque<std::uint64_t> line_;
  std::uint64_t next_ticket_ = 0;
};

/// Holds a slot of `gate` (when not null) for one batch of samples: enter() on
/// construction, leave() on destruction. `held()` is false when the wait was aborted.
class GateSlot {
 public:
  GateSlot(WorkGate* gate, const std::atomic<bool>* abort)
      : gate_(gate), held_(gate == nullptr || gate->enter(abort)) {}
  ~GateSlot() {
    if (gate_ != nullptr && held_) gate_->leave();
  }
  GateSlot(const GateSlot&) = delete;
  GateSlot& operator=(const GateSlot&) = delete;
  GateSlot(GateSlot&&) = delete;
  GateSlot& operator=(GateSlot&&) = delete;
  bool held() const { return held_; }

 private:
  WorkGate* gate_;
  bool held_;
};

}  // namespace trexsearch::plr
