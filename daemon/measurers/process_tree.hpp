#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <set>
#include <vector>

namespace trexsearch {

/// A process seen in /proc, with its start time so that a pid reused by an
/// unrelated process is never taken for it.
struct ProcessId {
  pid_t pid = 0;
  std::uint64_t start_ticks = 0;
  bool operator<(const ProcessId& other) const { return pid < other.pid; }
};

/// Every process below `root` (children, their children, ...), from /proc's parent
/// links: a child that called setsid() left the process group but not this tree.
std::vector<ProcessId> descendants_of(pid_t root);

/// Makes this process the one that inherits its orphaned descendants
/// (PR_SET_CHILD_SUBREAPER), so a measurer's grandchild whose parent exited is
/// still found (and reaped) by kill_process_tree(). Process-wide: the daemon's
/// main calls it, a library never does. False when the kernel refuses.
bool become_subreaper();

/// Kills (SIGKILL) `known` (if still the same processes), everything below `root`,
/// and, when this process is a subreaper, every child of ours that is not in
/// `keep` (orphans we adopted) with everything below it; reaps the adopted ones.
/// Repeats until nothing is left or `deadline` (a process forking as fast as it is
/// killed). Never throws.
void kill_process_tree(pid_t root, const std::vector<ProcessId>& known, const std::set<pid_t>& keep,
                       std::chrono::steady_clock::time_point deadline) noexcept;

}  // namespace trexsearch
