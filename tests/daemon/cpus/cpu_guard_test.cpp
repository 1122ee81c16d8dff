// The CPU guard: one cpu.protect event per decision, the daemon's threads moved, and PLR
// integration workers at SCHED_IDLE exactly when TRex's CPUs are unknown.
#include "daemon/cpus/cpu_guard.hpp"

#include <doctest/doctest.h>
#include <sched.h>

#include <future>
#include <mutex>
#include <thread>
#include <vector>

#include "plr/integration_pool.hpp"

namespace trexsearch::service {
namespace {

struct Recorder {
  std::vector<std::string> lines;
  std::vector<CpuSet> applied;
  std::vector<std::string> asked;
  int lowered = 0;
  TrexCpuFinding next;
};

CpuControls fake_controls(Recorder& record) {
  CpuControls controls;
  controls.find = [&record](std::string_view endpoint) {
    record.asked.emplace_back(endpoint);
    return record.next;
  };
  controls.set_affinity = [&record](const CpuSet& cpus) { record.applied.push_back(cpus); };
  controls.lower_thread = [&record] {
    ++record.lowered;
    return PriorityChange{LoweredPriority::sched_idle, ""};
  };
  return controls;
}

TrexCpuFinding pinned(CpuSet cpus) {
  TrexCpuFinding finding;
  finding.kind = TrexCpuFinding::Kind::pinned;
  finding.cpus = std::move(cpus);
  finding.detail = "pid 7 (_t-rex-64) listens on TCP port 4501: 5 of 5 threads pinned to CPUs 1";
  return finding;
}

TrexCpuFinding unknown_cpus() {
  TrexCpuFinding finding;
  finding.detail = "nothing listens on TCP port 4501 on this host (TRex not running yet?)";
  return finding;
}

int scheduling_policy() { return ::sched_getscheduler(0); }

}  // namespace

TEST_CASE("each decision is applied to the daemon's threads and logged as one cpu.protect") {
  Recorder record;
  Logger log([&](std::string_view line) { record.lines.emplace_back(line); });
  CpuGuard guard(CpuPolicy{TrexCpusSetting{}, std::nullopt, {0, 1}}, log, fake_controls(record));

  // At start TRex is not running yet: all CPUs, idle integration, a warning.
  record.next = unknown_cpus();
  CHECK(guard.protect("tcp://127.0.0.1:4501", "start").idle_integration);
  REQUIRE(record.lines.size() == 1);
  CHECK(record.lines[0].find("<4>cpu.protect at=start endpoint=tcp://127.0.0.1:4501 source=auto "
                             "trex_cpus=unknown daemon_cpus=0-1 integration=idle detail=\"nothing "
                             "listens") == 0);
  CHECK(record.lines[0].find("warning=\"cannot tell which CPUs TRex uses") != std::string::npos);
  guard.on_integration_thread_start();
  CHECK(record.lowered == 1);

  // A trex job reached TRex: now it is found, and the daemon moves off its core.
  record.next = pinned({1});
  CHECK_FALSE(guard.protect("tcp://[::1]:4501", "job").idle_integration);
  CHECK(record.asked == std::vector<std::string>{"tcp://127.0.0.1:4501", "tcp://[::1]:4501"});
  CHECK(record.applied == std::vector<CpuSet>{{0, 1}, {0}});
  REQUIRE(record.lines.size() == 2);
  CHECK(record.lines[1] ==
        "<6>cpu.protect at=job endpoint=tcp://[::1]:4501 source=auto trex_cpus=1 daemon_cpus=0 "
        "integration=normal detail=\"pid 7 (_t-rex-64) listens on TCP port 4501: 5 of 5 threads "
        "pinned to CPUs 1\"\n");
  guard.on_integration_thread_start();
  CHECK(record.lowered == 1);  // not lowered: it has a core of its own
}

TEST_CASE("a trex-cpus list or none asks nothing of /proc") {
  Recorder record;
  Logger log([&](std::string_view line) { record.lines.emplace_back(line); });
  TrexCpusSetting none;
  none.mode = TrexCpusSetting::Mode::none;
  CpuGuard guard(CpuPolicy{none, std::nullopt, {0, 1}}, log, fake_controls(record));
  guard.protect("tcp://127.0.0.1:4501", "start");
  CHECK(record.asked.empty());
  CHECK(record.applied == std::vector<CpuSet>{{0, 1}});
  REQUIRE(record.lines.size() == 1);
  CHECK(record.lines[0].find("<6>cpu.protect at=start endpoint=tcp://127.0.0.1:4501 source=none "
                             "trex_cpus=\"\" daemon_cpus=0-1 integration=normal") == 0);
}

TEST_CASE("CPUs the kernel refuses: the explicit cpus key fails the start, anything else idles") {
  Recorder record;
  Logger log([&](std::string_view line) { record.lines.emplace_back(line); });
  CpuControls refusing = fake_controls(record);
  refusing.set_affinity = [](const CpuSet&) {
    throw std::system_error(EINVAL, std::generic_category(), "cannot move the daemon's threads");
  };
  record.next = pinned({1});
  CpuGuard chosen(CpuPolicy{TrexCpusSetting{}, std::nullopt, {0, 1}}, log, refusing);
  const CpuDecision decision = chosen.protect("tcp://127.0.0.1:4501", "start");
  CHECK(decision.idle_integration);
  REQUIRE(record.lines.size() == 1);
  CHECK(record.lines[0].find("<4>cpu.protect") == 0);
  CHECK(record.lines[0].find("warning=\"cannot move the daemon's threads: Invalid argument: PLR "
                             "integration threads run at the lowest priority") !=
        std::string::npos);

  CpuGuard operator_choice(CpuPolicy{TrexCpusSetting{}, CpuSet{0}, {0, 1}}, log, refusing);
  CHECK_THROWS_AS(operator_choice.protect("tcp://127.0.0.1:4501", "start"), std::system_error);
  CHECK_NOTHROW(operator_choice.protect("tcp://127.0.0.1:4501", "job"));
}

TEST_CASE("PLR integration workers run at SCHED_IDLE when TRex's CPUs are unknown") {
  Recorder record;
  Logger log([&](std::string_view line) { record.lines.emplace_back(line); });
  CpuControls controls = fake_controls(record);
  controls.lower_thread = lower_thread_priority;  // the real one, on the workers only
  CpuGuard guard(CpuPolicy{TrexCpusSetting{}, std::nullopt, {0, 1}}, log, controls);

  const auto worker_policies = [&guard] {
    std::mutex mutex;
    std::vector<int> policies;
    plr::IntegrationSettings settings;
    settings.threads_per_fit = 2;
    settings.on_thread_start = [&] {
      guard.on_integration_thread_start();
      std::lock_guard lock(mutex);
      policies.push_back(scheduling_policy());
    };
    { plr::IntegrationPool pool(settings); }  // joined: every worker ran its hook
    return policies;
  };

  record.next = unknown_cpus();
  guard.protect("tcp://127.0.0.1:4501", "job");
  CHECK(worker_policies() == std::vector<int>(4, SCHED_IDLE));
  CHECK(scheduling_policy() == SCHED_OTHER);  // the runner (this thread) is not lowered

  record.next = pinned({1});
  guard.protect("tcp://127.0.0.1:4501", "job");
  CHECK(worker_policies() == std::vector<int>(4, SCHED_OTHER));
}

TEST_CASE("set_process_affinity moves running threads, and new ones inherit it") {
  const CpuSet before = current_thread_affinity();
  REQUIRE_FALSE(before.empty());
  const CpuSet one{*before.rbegin()};

  std::promise<void> moved;
  std::promise<CpuSet> seen;
  std::thread running([&] {
    moved.get_future().wait();
    seen.set_value(current_thread_affinity());
  });
  set_process_affinity(one);
  moved.set_value();
  const CpuSet running_after = seen.get_future().get();
  running.join();
  CpuSet started_after;
  std::thread([&] { started_after = current_thread_affinity(); }).join();
  const CpuSet caller_after = current_thread_affinity();
  set_process_affinity(before);

  CHECK(running_after == one);
  CHECK(started_after == one);
  CHECK(caller_after == one);
  CHECK(current_thread_affinity() == before);
}

}  // namespace trexsearch::service
