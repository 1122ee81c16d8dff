#include "daemon/cpus/trex_cpus.hpp"

#include <unistd.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace trexsearch::service {
namespace {

TrexCpuFinding unknown(std::string detail) {
  TrexCpuFinding finding;
  finding.kind = TrexCpuFinding::Kind::unknown;
  finding.detail = std::move(detail);
  return finding;
}

std::string pid_list(const std::vector<pid_t>& pids, const ProcReader& proc) {
  std::string text;
  for (const pid_t pid : pids) {
    if (!text.empty()) text += ", ";
    text += "pid " + std::to_string(pid);
    const std::string name = proc.process_name(pid);
    if (!name.empty()) text += " (" + name + ")";
  }
  return text;
}

// Why no owner of a listening socket could be seen: the usual cause is TRex running as
// root while the daemon does not (its fds are unreadable, or /proc hides it entirely
// under systemd's ProtectProc=invisible).
std::string invisible_owner(const std::vector<TcpListener>& listeners,
                            const SocketOwnerScan& owners, std::uint16_t port) {
  std::string text = "a socket listens on TCP port " + std::to_string(port) + " (owner uid " +
                     std::to_string(listeners.front().uid) + ") but ";
  if (owners.unreadable > 0) {
    text += "permission denied reading the descriptors of " + std::to_string(owners.unreadable) +
            " other users' processes";
  } else {
    text +=
        "no visible process holds it (another user's processes may be hidden, e.g. by "
        "ProtectProc=invisible)";
  }
  return text + "; this daemon runs as uid " + std::to_string(::geteuid());
}

// DPDK's internal control threads: "dpdk-*" since DPDK 23.11 (rte_thread_create_internal_
// control adds the prefix), and the two that older DPDK always starts.
bool is_dpdk_control_thread(const std::string& name) {
  return name.rfind("dpdk-", 0) == 0 || name == "eal-intr-thread" || name == "rte_mp_handle";
}

// The CPUs of DPDK's control threads (interrupts, multi-process messages, telemetry): EAL
// pins them to the CPUs its lcores leave free (compute_ctrl_threads_cpuset() in
// eal_common_options.c), so counting them would claim every CPU, while they only sleep. On
// the stand: TRex's threads on CPU 1, dpdk-intr, dpdk-mp-msg and dpdk-telemet-v2 on CPU 0.
// Absent when there are none, when they disagree, or when EAL had no free CPU and put them
// on the main lcore (the main thread's CPUs, which are TRex's).
std::optional<CpuSet> dpdk_control_cpus(const std::vector<ThreadCpus>& threads, pid_t pid) {
  std::optional<CpuSet> control;
  std::optional<CpuSet> main_thread;
  for (const ThreadCpus& thread : threads) {
    if (thread.tid == pid) main_thread = thread.allowed;
    if (!is_dpdk_control_thread(thread.name)) continue;
    if (control && *control != thread.allowed) return std::nullopt;
    control = thread.allowed;
  }
  if (control && main_thread && *control == *main_thread) return std::nullopt;
  return control;
}

}  // namespace

std::string_view to_string(TrexCpuFinding::Kind kind) {
  switch (kind) {
    case TrexCpuFinding::Kind::pinned:
      return "pinned";
    case TrexCpuFinding::Kind::unpinned:
      return "unpinned";
    case TrexCpuFinding::Kind::remote:
      return "remote";
    case TrexCpuFinding::Kind::unknown:
      return "unknown";
  }
  return "unknown";
}

namespace {

/// The threads of the processes listening on TRex's port, by how they are pinned.
struct ThreadTally {
  std::size_t threads = 0;
  std::size_t pinned = 0;
  /// DPDK control threads (they run on the control CPUs, not TRex's own).
  std::size_t control = 0;
  CpuSet control_cpus;
  CpuSet pinned_cpus;
  /// Set when a process could not be read (or exited while it was).
  std::string error;
};

ThreadTally tally_threads(const ProcReader& proc, const std::vector<pid_t>& pids,
                          const CpuSet& online, const std::string& where) {
  ThreadTally tally;
  for (const pid_t pid : pids) {
    const ThreadScan scan = proc.thread_cpus(pid);
    if (scan.gone) {
      tally.error = "pid " + std::to_string(pid) + ", listening on " + where +
                    ", exited while its threads were read";
      return tally;
    }
    if (!scan.error.empty()) {
      tally.error = scan.error;
      return tally;
    }
    const std::optional<CpuSet> dpdk_control = dpdk_control_cpus(scan.threads, pid);
    for (const ThreadCpus& thread : scan.threads) {
      ++tally.threads;
      if (cpu_set_includes(thread.allowed, online)) continue;  // free to run anywhere
      if (dpdk_control && thread.allowed == *dpdk_control) {
        ++tally.control;
        tally.control_cpus.insert(thread.allowed.begin(), thread.allowed.end());
        continue;
      }
      ++tally.pinned;
      tally.pinned_cpus.insert(thread.allowed.begin(), thread.allowed.end());
    }
  }
  return tally;
}

/// Pinned when any thread (DPDK control threads aside) is pinned, and to which CPUs.
TrexCpuFinding finding_from(const ThreadTally& tally, std::vector<pid_t> pids,
                            const std::string& owner) {
  TrexCpuFinding finding;
  finding.pids = std::move(pids);
  finding.cpus = tally.pinned_cpus;
  const std::string not_counted =
      tally.control == 0 ? std::string()
                         : " (" + std::to_string(tally.control) + " DPDK control threads on CPUs " +
                               format_cpu_set(tally.control_cpus) + " do not count)";
  if (tally.pinned == 0) {
    finding.kind = TrexCpuFinding::Kind::unpinned;
    finding.detail = owner + ": none of its " + std::to_string(tally.threads) +
                     " threads is pinned to TRex's own CPUs" + not_counted;
    return finding;
  }
  finding.kind = TrexCpuFinding::Kind::pinned;
  finding.detail = owner + ": " + std::to_string(tally.pinned) + " of " +
                   std::to_string(tally.threads) + " threads pinned to CPUs " +
                   format_cpu_set(finding.cpus) + not_counted;
  return finding;
}

}  // namespace

TrexCpuFinding find_listener_cpus(const ProcReader& proc, std::uint16_t port) {
  const std::string where = "TCP port " + std::to_string(port);
  const std::optional<CpuSet> online = proc.online_cpus();
  if (!online || online->empty()) {
    return unknown("cannot read the online CPUs from " +
                   (proc.root() / "sys/devices/system/cpu/online").string());
  }
  const ListenerScan listeners = proc.tcp_listeners(port);
  if (!listeners.error.empty()) return unknown(listeners.error);
  if (listeners.listeners.empty()) {
    return unknown("nothing listens on " + where + " on this host (TRex not running yet?)");
  }
  std::set<std::uint64_t> inodes;
  for (const TcpListener& listener : listeners.listeners) inodes.insert(listener.inode);
  const SocketOwnerScan owners = proc.socket_owners(inodes);
  if (!owners.error.empty()) return unknown(owners.error);
  if (owners.pids.empty()) return unknown(invisible_owner(listeners.listeners, owners, port));
  const ThreadTally tally = tally_threads(proc, owners.pids, *online, where);
  if (!tally.error.empty()) return unknown(tally.error);
  return finding_from(tally, owners.pids, pid_list(owners.pids, proc) + " listens on " + where);
}

TrexCpuFinding find_trex_cpus(std::string_view endpoint, const ProcReader& proc,
                              const LocalityOf& locality_of) {
  const std::optional<TcpEndpoint> parsed = parse_tcp_endpoint(endpoint);
  if (!parsed) {
    return unknown("the TRex endpoint " + std::string(endpoint) + " is not tcp://HOST:PORT");
  }
  switch (locality_of(parsed->host)) {
    case HostLocality::remote: {
      TrexCpuFinding finding;
      finding.kind = TrexCpuFinding::Kind::remote;
      finding.detail = "TRex at " + parsed->host + " is on another host: no CPU here to protect";
      return finding;
    }
    case HostLocality::unknown:
      return unknown("cannot resolve the TRex host " + parsed->host +
                     " to tell whether it is this one");
    case HostLocality::local:
      break;
  }
  return find_listener_cpus(proc, parsed->port);
}

}  // namespace trexsearch::service
