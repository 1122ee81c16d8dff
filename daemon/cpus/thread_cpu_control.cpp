#include "daemon/cpus/thread_cpu_control.hpp"

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

#include "daemon/cpus/proc_reader.hpp"

namespace trexsearch::service {
namespace {

cpu_set_t to_mask(const CpuSet& cpus) {
  cpu_set_t mask;
  CPU_ZERO(&mask);
  for (const int cpu : cpus) {
    if (cpu >= 0 && cpu < CPU_SETSIZE) CPU_SET(static_cast<std::size_t>(cpu), &mask);
  }
  return mask;
}

}  // namespace

CpuSet current_thread_affinity() {
  cpu_set_t mask;
  CPU_ZERO(&mask);
  CpuSet cpus;
  if (::sched_getaffinity(0, sizeof mask, &mask) != 0) return cpus;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (CPU_ISSET(static_cast<std::size_t>(cpu), &mask)) cpus.insert(cpu);
  }
  return cpus;
}

void set_process_affinity(const CpuSet& cpus) {
  const cpu_set_t mask = to_mask(cpus);
  const pid_t self = ::gettid();
  // The caller first: should listing /proc fail, the threads it starts from now on are right.
  if (::sched_setaffinity(self, sizeof mask, &mask) != 0) {
    throw std::system_error(errno, std::generic_category(),
                            "cannot move the daemon's threads to CPUs " + format_cpu_set(cpus));
  }
  for (const pid_t tid : ProcReader().thread_ids(::getpid())) {
    if (tid == self || ::sched_setaffinity(tid, sizeof mask, &mask) == 0 || errno == ESRCH) {
      continue;
    }
    throw std::system_error(
        errno, std::generic_category(),
        "cannot move thread " + std::to_string(tid) + " to CPUs " + format_cpu_set(cpus));
  }
}

std::string_view to_string(LoweredPriority lowered) {
  switch (lowered) {
    case LoweredPriority::sched_idle:
      return "sched_idle";
    case LoweredPriority::nice_19:
      return "nice_19";
    case LoweredPriority::unchanged:
      return "unchanged";
  }
  return "unchanged";
}

PriorityChange lower_thread_priority() noexcept {
  PriorityChange change;
  sched_param param{};
  param.sched_priority = 0;
  const int idle_error = ::pthread_setschedparam(::pthread_self(), SCHED_IDLE, &param);
  if (idle_error == 0) {
    change.lowered = LoweredPriority::sched_idle;
    return change;
  }
  change.error = std::string("SCHED_IDLE: ") + std::strerror(idle_error);
  // On Linux the nice value is per thread: PRIO_PROCESS with a thread id sets that thread's.
  if (::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 19) == 0) {
    change.lowered = LoweredPriority::nice_19;
  } else {
    change.error += std::string("; nice 19: ") + std::strerror(errno);
  }
  return change;
}

}  // namespace trexsearch::service
