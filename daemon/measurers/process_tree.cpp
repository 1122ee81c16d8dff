#include "daemon/measurers/process_tree.hpp"

#include <dirent.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>

namespace trexsearch {
namespace {

struct ProcessEntry {
  pid_t parent = 0;
  std::uint64_t start_ticks = 0;
};

// /proc/PID/stat: "pid (comm) state ppid ... starttime(22nd) ..."; comm may hold
// spaces and parentheses, so fields are counted from the last ')'.
std::optional<ProcessEntry> read_stat(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!std::getline(in, text)) return std::nullopt;
  const auto close = text.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream fields(text.substr(close + 1));
  std::string state;
  ProcessEntry entry;
  fields >> state >> entry.parent;
  std::string skipped;
  for (int field = 5; field < 22; ++field) fields >> skipped;  // fields 5..21
  fields >> entry.start_ticks;
  if (!fields) return std::nullopt;
  return entry;
}

std::map<pid_t, ProcessEntry> snapshot() {
  std::map<pid_t, ProcessEntry> processes;
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr) return processes;
  while (const dirent* entry = ::readdir(proc)) {
    char* end = nullptr;
    const long pid = std::strtol(entry->d_name, &end, 10);
    if (end == entry->d_name || *end != '\0' || pid <= 0) continue;
    if (const auto stat = read_stat(static_cast<pid_t>(pid))) {
      processes[static_cast<pid_t>(pid)] = *stat;
    }
  }
  ::closedir(proc);
  return processes;
}

std::vector<ProcessId> below(pid_t root, const std::map<pid_t, ProcessEntry>& processes) {
  std::multimap<pid_t, pid_t> children;
  for (const auto& [pid, entry] : processes) children.emplace(entry.parent, pid);
  std::vector<ProcessId> found;
  std::vector<pid_t> pending{root};
  while (!pending.empty()) {
    const pid_t parent = pending.back();
    pending.pop_back();
    const auto [first, last] = children.equal_range(parent);
    for (auto it = first; it != last; ++it) {
      found.push_back({it->second, processes.at(it->second).start_ticks});
      pending.push_back(it->second);
    }
  }
  return found;
}

bool is_subreaper() {
  int flag = 0;
  return ::prctl(PR_GET_CHILD_SUBREAPER, &flag, 0, 0, 0) == 0 && flag != 0;
}

}  // namespace

std::vector<ProcessId> descendants_of(pid_t root) { return below(root, snapshot()); }

bool become_subreaper() { return ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0; }

namespace {

/// One round's processes to kill: the root's descendants, the known ones still
/// alive (the same start time, not a reused pid), and when we are a subreaper the
/// orphans we adopted (not the root, not kept) with theirs.
struct KillRound {
  std::set<ProcessId> targets;
  std::vector<pid_t> adopted;
};

KillRound kill_round(pid_t root, const std::vector<ProcessId>& known, const std::set<pid_t>& keep,
                     bool subreaper, const std::map<pid_t, ProcessEntry>& processes) {
  KillRound round;
  for (const ProcessId& process : below(root, processes)) round.targets.insert(process);
  for (const ProcessId& process : known) {
    const auto found = processes.find(process.pid);
    if (found != processes.end() && found->second.start_ticks == process.start_ticks) {
      round.targets.insert(process);
    }
  }
  if (!subreaper) return round;
  const pid_t self = ::getpid();
  for (const auto& [pid, entry] : processes) {
    if (entry.parent != self || pid == root || keep.contains(pid)) continue;
    round.adopted.push_back(pid);
    round.targets.insert({pid, entry.start_ticks});
    for (const ProcessId& process : below(pid, processes)) round.targets.insert(process);
  }
  return round;
}

/// SIGKILLed children exit at once; a bounded wait for each.
void reap(const std::vector<pid_t>& adopted, std::chrono::steady_clock::time_point deadline) {
  for (const pid_t pid : adopted) {
    while (::waitpid(pid, nullptr, WNOHANG) == 0 && std::chrono::steady_clock::now() < deadline) {
      ::poll(nullptr, 0, 1);
    }
  }
}

}  // namespace

void kill_process_tree(pid_t root, const std::vector<ProcessId>& known, const std::set<pid_t>& keep,
                       std::chrono::steady_clock::time_point deadline) noexcept {
  try {
    const bool subreaper = is_subreaper();
    while (true) {
      const KillRound round = kill_round(root, known, keep, subreaper, snapshot());
      // Zombies among them need no signal, only (if ours) a wait.
      bool any_alive = false;
      for (const ProcessId& process : round.targets) {
        if (::kill(process.pid, SIGKILL) == 0) any_alive = true;
      }
      reap(round.adopted, deadline);
      if ((!any_alive && round.adopted.empty()) || std::chrono::steady_clock::now() >= deadline) {
        return;
      }
    }
  } catch (...) {
    // Best effort: the process group was already killed by the caller.
  }
}

}  // namespace trexsearch
