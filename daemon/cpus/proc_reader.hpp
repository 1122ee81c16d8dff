#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "daemon/cpus/cpu_set.hpp"

namespace trexsearch::service {

/// A listening TCP socket, from /proc/net/tcp or /proc/net/tcp6.
struct TcpListener {
  std::uint64_t inode = 0;
  /// Owner of the socket (the uid column).
  uid_t uid = 0;
  bool ipv6 = false;
};

/// The listening sockets on one port, or why they could not be read.
struct ListenerScan {
  std::vector<TcpListener> listeners;
  /// Set when neither /proc/net/tcp nor /proc/net/tcp6 could be read.
  std::string error;
};

/// Which processes hold some sockets open (their /proc/PID/fd links `socket:[INODE]`).
struct SocketOwnerScan {
  /// Ascending.
  std::vector<pid_t> pids;
  /// Processes whose fd directory this process may not read (another user's, without
  /// CAP_SYS_PTRACE): one of them may hold the socket.
  std::size_t unreadable = 0;
  /// Set when /proc itself could not be listed.
  std::string error;
};

/// One thread's CPU affinity, from /proc/PID/task/TID/status.
struct ThreadCpus {
  pid_t tid = 0;
  /// `Name:` (the thread's comm).
  std::string name;
  /// `Cpus_allowed_list:`.
  CpuSet allowed;
};

/// The threads of one process, or why they could not be read.
struct ThreadScan {
  std::vector<ThreadCpus> threads;
  /// The process is gone (its /proc entry vanished).
  bool gone = false;
  /// Set when the process exists but its threads could not be read.
  std::string error;
};

/// Reads what trex-searchd needs from /proc and /sys under a root directory: "/" on the
/// machine, a fake tree in tests (ROOT/proc/net/tcp, ROOT/proc/PID/fd/N,
/// ROOT/proc/PID/task/TID/status, ROOT/sys/devices/system/cpu/online). Failures are
/// values: processes come and go while /proc is read, and another user's are unreadable.
class ProcReader {
 public:
  explicit ProcReader(std::filesystem::path root = "/") : root_(std::move(root)) {}

  /// Sockets in the LISTEN state on `port`, any local address, IPv4 and IPv6.
  ListenerScan tcp_listeners(std::uint16_t port) const;
  /// The processes with a descriptor on any of `inodes`.
  SocketOwnerScan socket_owners(const std::set<std::uint64_t>& inodes) const;
  /// Every thread of `pid` with its allowed CPUs.
  ThreadScan thread_cpus(pid_t pid) const;
  /// Thread ids of `pid` (empty when gone or unreadable).
  std::vector<pid_t> thread_ids(pid_t pid) const;
  /// The process' name (/proc/PID/comm), "" when unknown.
  std::string process_name(pid_t pid) const;
  /// The online CPUs (/sys/devices/system/cpu/online); absent when unreadable.
  std::optional<CpuSet> online_cpus() const;

  const std::filesystem::path& root() const { return root_; }

 private:
  std::filesystem::path proc() const { return root_ / "proc"; }

  std::filesystem::path root_;
};

}  // namespace trexsearch::service
