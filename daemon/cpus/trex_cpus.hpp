#pragma once

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/cpus/cpu_set.hpp"
#include "daemon/cpus/proc_reader.hpp"
#include "daemon/cpus/trex_host.hpp"

namespace trexsearch::service {

/// What the daemon found out about the CPUs a TRex server uses.
struct TrexCpuFinding {
  enum class Kind {
    pinned,    ///< a local TRex with threads pinned to `cpus`
    unpinned,  ///< a local TRex none of whose threads is pinned: no core of its own
    remote,    ///< TRex is on another host: nothing here to protect
    unknown,   ///< a local (or unresolvable) TRex whose CPUs cannot be found; `detail` says why
  };
  Kind kind = Kind::unknown;
  /// The union of the pinned threads' CPUs (kind pinned).
  CpuSet cpus;
  /// The TRex processes found (the listener's owners).
  std::vector<pid_t> pids;
  /// One sentence for the log: what was found or why nothing could be.
  std::string detail;
};

std::string_view to_string(TrexCpuFinding::Kind kind);

/// The CPUs of the process listening on TCP `port` on this host: its sockets from
/// /proc/net/tcp{,6}, their owners from /proc/PID/fd, every thread's Cpus_allowed_list.
/// A thread allowed on every online CPU is not pinned and does not count (TRex pins its
/// data-plane and RX threads, and with `low_end` every thread, to its cores); nor do DPDK's
/// sleeping control threads (dpdk-*), which EAL pins to the CPUs TRex's cores leave free.
TrexCpuFinding find_listener_cpus(const ProcReader& proc, std::uint16_t port);

/// Where a host is, by name or address (host_locality() on the machine; a fake in tests).
using LocalityOf = std::function<HostLocality(const std::string& host)>;

/// The CPUs TRex at `endpoint` (tcp://HOST:PORT) uses: remote when HOST is another machine,
/// otherwise find_listener_cpus() for PORT.
TrexCpuFinding find_trex_cpus(std::string_view endpoint, const ProcReader& proc,
                              const LocalityOf& locality_of);

}  // namespace trexsearch::service
