#pragma once

#include <optional>
#include <string>

#include "daemon/cpus/cpu_set.hpp"
#include "daemon/cpus/trex_cpus.hpp"
#include "daemon/cpus/trex_cpus_setting.hpp"

namespace trexsearch::service {

/// The daemon's fixed inputs to deciding where its threads run.
struct CpuPolicy {
  /// `trex-cpus`.
  TrexCpusSetting trex_cpus;
  /// `cpus` when set: the operator's explicit choice, which wins.
  std::optional<CpuSet> cpus;
  /// The CPUs the daemon may use otherwise: its affinity at start (every online CPU unless
  /// taskset or systemd's CPUAffinity= narrowed it; never widened beyond that).
  CpuSet base;
};

/// Where the daemon's threads run and how its PLR integration threads behave, for one TRex.
struct CpuDecision {
  /// TRex's CPUs, kept free of the daemon's threads; absent when they cannot be known.
  std::optional<CpuSet> trex_cpus;
  /// Where every daemon thread runs (io, job runner, PLR integration workers, children).
  CpuSet daemon_cpus;
  /// Where trex_cpus came from: "auto", "config" (trex-cpus list) or "none".
  std::string source;
  /// PLR integration workers run at SCHED_IDLE (nice 19 where refused): TRex's CPUs are
  /// unknown, or TRex uses every CPU the daemon may use, so they would compete with it.
  bool idle_integration = false;
  /// What was found, for the log.
  std::string detail;
  /// What the operator should hear of (a warning), empty when all is well.
  std::string warning;
};

/// The decision alone, no I/O: TRex's CPUs come from the setting, or (auto) from `finding`
/// (required then). The daemon runs on `base` minus TRex's CPUs, or on `cpus` when set (a
/// warning when that overlaps TRex's). When TRex's CPUs are unknown, or nothing of `base`
/// is left, it stays on `base` and its integration threads run idle, with a warning.
CpuDecision decide_cpus(const CpuPolicy& policy, const std::optional<TrexCpuFinding>& finding);

}  // namespace trexsearch::service
