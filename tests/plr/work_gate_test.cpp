// The CPU budget the integration workers of parallel searches share (plr/work_gate.hpp):
// at most `capacity` compute at once, in the order they came, and an aborted wait
// leaves the line.
#include <doctest/doctest.h>

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

#include "plr/work_gate.hpp"

namespace trexsearch::plr {
namespace {

// Until `gate` has `count` waiting workers. The waits this test makes are real
// blocking enters on other threads; the test only looks until they have lined up.
void until_waiting(const WorkGate& gate, std::size_t count) {
  while (gate.waiting() != count) std::this_thread::yield();
}

}  // namespace

TEST_CASE("slots are handed out in the order workers came, never more than the capacity") {
  WorkGate gate(1);
  REQUIRE(gate.enter(nullptr));
  std::mutex mutex;
  std::vector<int> order;
  std::atomic<int> inside{0};
  std::atomic<int> most_inside{0};
  const auto worker = [&](int id) {
    REQUIRE(gate.enter(nullptr));
    const int now = ++inside;
    most_inside = std::max(most_inside.load(), now);
    {
      std::lock_guard lock(mutex);
      order.push_back(id);
    }
    --inside;
    gate.leave();
  };
  std::thread first(worker, 1);
  until_waiting(gate, 1);
  std::thread second(worker, 2);
  until_waiting(gate, 2);
  std::thread third(worker, 3);
  until_waiting(gate, 3);
  CHECK(gate.busy() == 1);
  gate.leave();
  first.join();
  second.join();
  third.join();
  CHECK(order == std::vector<int>{1, 2, 3});
  CHECK(most_inside.load() == 1);
  CHECK(gate.busy() == 0);
  CHECK(gate.waiting() == 0);
}

TEST_CASE("with room, a worker enters at once; an aborted wait leaves the line") {
  WorkGate gate(2);
  REQUIRE(gate.enter(nullptr));
  REQUIRE(gate.enter(nullptr));
  CHECK(gate.busy() == 2);
  std::atomic<bool> abort{false};
  bool entered = true;
  std::thread waiter([&] { entered = gate.enter(&abort); });
  until_waiting(gate, 1);
  abort = true;
  waiter.join();
  CHECK_FALSE(entered);
  CHECK(gate.waiting() == 0);
  // The line moves on without it.
  gate.leave();
  CHECK(gate.enter(nullptr));
  CHECK(gate.busy() == 2);
}

TEST_CASE("a slot is held for the scope of a GateSlot; none without a gate") {
  WorkGate gate(1);
  {
    const GateSlot slot(&gate, nullptr);
    CHECK(slot.held());
    CHECK(gate.busy() == 1);
  }
  CHECK(gate.busy() == 0);
  const GateSlot none(nullptr, nullptr);
  CHECK(none.held());
  CHECK_THROWS(WorkGate(0));
}

}  // namespace trexsearch::plr
