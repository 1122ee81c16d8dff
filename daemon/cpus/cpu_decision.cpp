#include "daemon/cpus/cpu_decision.hpp"

namespace trexsearch::service {

namespace {

/// Which CPUs TRex uses, by the trex-cpus setting (or what the search for them
/// found), and how that was decided; trex_cpus stays unset when unknown.
void decide_trex_cpus(const CpuPolicy& policy, const std::optional<TrexCpuFinding>& finding,
                      CpuDecision& decision) {
  switch (policy.trex_cpus.mode) {
    case TrexCpusSetting::Mode::none:
      decision.trex_cpus = CpuSet{};
      decision.detail = "trex-cpus = none: TRex's CPUs are not protected";
      return;
    case TrexCpusSetting::Mode::list:
      decision.trex_cpus = policy.trex_cpus.cpus;
      decision.detail = "trex-cpus = " + policy.trex_cpus.text();
      return;
    case TrexCpusSetting::Mode::automatic:
      if (!finding) {
        decision.detail = "TRex's CPUs were not looked for";
        return;
      }
      decision.detail = finding->detail;
      if (finding->kind == TrexCpuFinding::Kind::pinned) {
        decision.trex_cpus = finding->cpus;
      } else if (finding->kind != TrexCpuFinding::Kind::unknown) {
        decision.trex_cpus = CpuSet{};  // remote or unpinned: no core of its own here
      }
      return;
  }
}

/// The operator's explicit choice wins; say so when it puts us on TRex's cores.
void use_explicit_cpus(const CpuSet& cpus, CpuDecision& decision) {
  decision.daemon_cpus = cpus;
  if (!decision.trex_cpus) return;
  const CpuSet shared = cpu_set_intersection(cpus, *decision.trex_cpus);
  if (!shared.empty()) {
    decision.warning = "cpus = " + format_cpu_set(cpus) + " includes TRex's CPUs " +
                       format_cpu_set(shared) +
                       ": the daemon's threads compete with TRex there (cpus wins over "
                       "trex-cpus)";
  }
}

}  // namespace

CpuDecision decide_cpus(const CpuPolicy& policy, const std::optional<TrexCpuFinding>& finding) {
  CpuDecision decision;
  decision.source = std::string(policy.trex_cpus.source());
  decide_trex_cpus(policy, finding, decision);
  if (policy.cpus) {
    use_explicit_cpus(*policy.cpus, decision);
    return decision;
  }
  if (!decision.trex_cpus) {
    decision.daemon_cpus = policy.base;
    decision.idle_integration = true;
    decision.warning =
        "cannot tell which CPUs TRex uses: PLR integration threads run at the lowest priority "
        "(SCHED_IDLE) so as not to compete with it; set trex-cpus (or cpus) to keep the daemon "
        "off TRex's cores";
    return decision;
  }
  const CpuSet rest = cpu_set_minus(policy.base, *decision.trex_cpus);
  if (rest.empty()) {
    decision.daemon_cpus = policy.base;
    decision.idle_integration = true;
    decision.warning = "TRex uses every CPU the daemon may use (" + format_cpu_set(policy.base) +
                       "): PLR integration threads run at the lowest priority (SCHED_IDLE) so as "
                       "not to compete with it";
    return decision;
  }
  decision.daemon_cpus = rest;
  return decision;
}

}  // namespace trexsearch::service
