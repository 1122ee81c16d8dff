#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>

namespace trexsearch::servicetest {

/// A fake /proc and /sys under a test directory, for ProcReader(root): only the files
/// trex-searchd reads, written as the kernel formats them.
class FakeProc {
 public:
  /// Starts with `online` CPUs ("0-3") and empty TCP tables.
  FakeProc(std::filesystem::path root, const std::string& online);

  const std::filesystem::path& root() const { return root_; }

  /// A /proc/net/tcp (or tcp6) row: local port `port`, state `state` ("0A" listening,
  /// "01" established), owner `uid`, socket `inode`.
  void add_tcp(std::uint16_t port, std::uint64_t inode, bool ipv6 = false,
               const std::string& state = "0A", uid_t uid = 0);
  /// A process `pid` named `name` with descriptor `fd` on socket `inode` (0: no socket).
  void add_process(pid_t pid, const std::string& name, std::uint64_t inode = 0, int fd = 3);
  /// A thread of `pid` allowed on `cpus_allowed_list` ("1", "0-3"; the main thread's tid
  /// is the pid). `status_line` replaces the Cpus_allowed_list line when not empty.
  void add_thread(pid_t pid, pid_t tid, const std::string& name,
                  const std::string& cpus_allowed_list, const std::string& status_line = "");

 private:
  void append(const std::filesystem::path& file, const std::string& text);

  std::filesystem::path root_;
};

}  // namespace trexsearch::servicetest
