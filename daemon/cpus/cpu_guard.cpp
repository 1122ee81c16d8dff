#include "daemon/cpus/cpu_guard.hpp"

#include <system_error>

namespace trexsearch::service {

CpuControls CpuControls::system() {
  CpuControls controls;
  controls.find = [](std::string_view endpoint) {
    return find_trex_cpus(endpoint, ProcReader(), host_locality);
  };
  controls.set_affinity = set_process_affinity;
  controls.lower_thread = lower_thread_priority;
  return controls;
}

CpuGuard::CpuGuard(CpuPolicy policy, Logger& log, CpuControls controls)
    : policy_(std::move(policy)), log_(log), controls_(std::move(controls)) {}

CpuDecision CpuGuard::protect(std::string_view endpoint, std::string_view at) {
  std::lock_guard lock(mutex_);
  std::optional<TrexCpuFinding> finding;
  if (policy_.trex_cpus.mode == TrexCpusSetting::Mode::automatic)
    finding = controls_.find(endpoint);
  CpuDecision decision = decide_cpus(policy_, finding);
  try {
    controls_.set_affinity(decision.daemon_cpus);
  } catch (const std::system_error& error) {
    // The operator's own `cpus` must work, as it always had to; anything we chose
    // ourselves may fail (a cgroup cpuset without those CPUs): then do no harm.
    if (policy_.cpus && at == "start") throw;
    decision.idle_integration = true;
    decision.warning = std::string(error.what()) +
                       ": PLR integration threads run at the lowest priority (SCHED_IDLE) instead" +
                       (decision.warning.empty() ? "" : "; " + decision.warning);
  }
  idle_integration_.store(decision.idle_integration);

  const std::string trex_cpus =
      decision.trex_cpus ? format_cpu_set(*decision.trex_cpus) : std::string("unknown");
  const std::string daemon_cpus = format_cpu_set(decision.daemon_cpus);
  const char* integration = decision.idle_integration ? "idle" : "normal";
  if (decision.warning.empty()) {
    log_.event(LogPriority::info, "cpu.protect",
               {{"at", at},
                {"endpoint", endpoint},
                {"source", decision.source},
                {"trex_cpus", trex_cpus},
                {"daemon_cpus", daemon_cpus},
                {"integration", integration},
                {"detail", decision.detail}});
  } else {
    log_.event(LogPriority::warning, "cpu.protect",
               {{"at", at},
                {"endpoint", endpoint},
                {"source", decision.source},
                {"trex_cpus", trex_cpus},
                {"daemon_cpus", daemon_cpus},
                {"integration", integration},
                {"detail", decision.detail},
                {"warning", decision.warning}});
  }
  return decision;
}

void CpuGuard::on_integration_thread_start() noexcept {
  if (!idle_integration_.load()) return;
  try {
    const PriorityChange change = controls_.lower_thread();
    if (change.lowered != LoweredPriority::sched_idle &&
        !priority_fallback_logged_.exchange(true)) {
      log_.event(LogPriority::warning, "cpu.integration_priority",
                 {{"lowered", to_string(change.lowered)}, {"reason", change.error}});
    }
  } catch (...) {
    // A worker thread has no one to report to; the integration runs at normal priority.
  }
}

}  // namespace trexsearch::service
