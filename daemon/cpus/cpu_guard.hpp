#pragma once

#include <atomic>
#include <functional>
#include <mutex>
#include <string_view>

#include "daemon/cpus/cpu_decision.hpp"
#include "daemon/cpus/thread_cpu_control.hpp"
#include "daemon/cpus/trex_cpus.hpp"
#include "daemon/log/log.hpp"

namespace trexsearch::service {

/// The operating-system side of CPU protection; tests replace it.
struct CpuControls {
  /// Finds TRex's CPUs for an endpoint (default: find_trex_cpus on /proc, host_locality).
  std::function<TrexCpuFinding(std::string_view endpoint)> find;
  /// Moves every daemon thread to the CPUs (default: set_process_affinity).
  std::function<void(const CpuSet&)> set_affinity;
  /// Lowers the calling thread's priority (default: lower_thread_priority).
  std::function<PriorityChange()> lower_thread;

  /// The machine's: /proc, sched_setaffinity, SCHED_IDLE.
  static CpuControls system();
};

/// Keeps the daemon's threads off TRex's CPUs: decides (decide_cpus) at start for the
/// default endpoint and again when each trex job has connected (TRex may not have been
/// running at start), moves every thread of the daemon there, logs one `cpu.protect` event
/// per decision, and lowers the PLR integration threads' priority while TRex's CPUs are
/// unknown or cover every CPU the daemon may use. Shared by the io and runner threads.
class CpuGuard {
 public:
  /// `log` must outlive this object.
  CpuGuard(CpuPolicy policy, Logger& log, CpuControls controls = CpuControls::system());

  /// Decides for TRex at `endpoint`, applies and logs it; `at` says when ("start", "job").
  /// Throws std::system_error only when the `cpus` key cannot be applied at start (the
  /// operator's explicit setting, as before); any other failure to apply is logged and
  /// the integration threads run idle instead.
  CpuDecision protect(std::string_view endpoint, std::string_view at);

  /// Run first on each PLR integration worker (PlrHooks::on_worker_start): lowers its
  /// priority when the last decision says so. Never throws.
  void on_integration_thread_start() noexcept;

 private:
  CpuPolicy policy_;
  Logger& log_;
  CpuControls controls_;
  /// Jobs run one at a time, but the start decision and a job's may not share a thread.
  std::mutex mutex_;
  std::atomic<bool> idle_integration_{false};
  /// The fallback to nice 19 (or its failure) is logged once, not per thread.
  std::atomic<bool> priority_fallback_logged_{false};
};

}  // namespace trexsearch::service
