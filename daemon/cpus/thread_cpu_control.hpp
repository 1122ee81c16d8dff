#pragma once

#include <string>

#include "daemon/cpus/cpu_set.hpp"

namespace trexsearch::service {

/// The calling thread's CPU affinity (sched_getaffinity); empty when it cannot be read.
CpuSet current_thread_affinity();

/// Moves every thread of this process (/proc/self/task), the caller first, to `cpus`;
/// threads started later inherit their creator's. Threads that end meanwhile are skipped.
/// Throws std::system_error naming the thread and the CPUs when the kernel refuses.
void set_process_affinity(const CpuSet& cpus);

/// How the calling thread's priority was lowered.
enum class LoweredPriority {
  sched_idle,  ///< SCHED_IDLE: runs only when nothing else wants the CPU
  nice_19,     ///< SCHED_IDLE was refused; nice 19 instead
  unchanged,   ///< both were refused
};

std::string_view to_string(LoweredPriority lowered);

/// The result and, when SCHED_IDLE was refused, why.
struct PriorityChange {
  LoweredPriority lowered = LoweredPriority::unchanged;
  std::string error;
};

/// Puts the calling thread at SCHED_IDLE, or at nice 19 when that is refused (an unprivileged
/// process may always lower its own priority, but a seccomp filter may say no).
PriorityChange lower_thread_priority() noexcept;

}  // namespace trexsearch::service
