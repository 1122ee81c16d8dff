#include "tests/daemon/support/fake_proc.hpp"

#include <cstdio>
#include <fstream>

namespace trexsearch::servicetest {
namespace {

namespace fs = std::filesystem;

constexpr const char* kTcpHeader =
    "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  "
    "timeout inode\n";
constexpr const char* kTcp6Header =
    "  sl  local_address                         remote_address                        st "
    "tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n";

}  // namespace

FakeProc::FakeProc(fs::path root, const std::string& online) : root_(std::move(root)) {
  fs::create_directories(root_ / "proc" / "net");
  fs::create_directories(root_ / "sys" / "devices" / "system" / "cpu");
  std::ofstream(root_ / "sys" / "devices" / "system" / "cpu" / "online") << online << "\n";
  std::ofstream(root_ / "proc" / "net" / "tcp") << kTcpHeader;
  std::ofstream(root_ / "proc" / "net" / "tcp6") << kTcp6Header;
}

void FakeProc::append(const fs::path& file, const std::string& text) {
  std::ofstream(file, std::ios::app) << text;
}

void FakeProc::add_tcp(std::uint16_t port, std::uint64_t inode, bool ipv6, const std::string& state,
                       uid_t uid) {
  char row[400];
  // 0.0.0.0 / :: (all addresses), as TRex binds its RPC port.
  const char* address = ipv6 ? "00000000000000000000000000000000" : "00000000";
  std::snprintf(row, sizeof row,
                "   0: %s:%04X %s:0000 %s 00000000:00000000 00:00000000 00000000 %5u        0 "
                "%llu 1 0000000000000000 100 0 0 10 0\n",
                address, static_cast<unsigned>(port), address, state.c_str(),
                static_cast<unsigned>(uid), static_cast<unsigned long long>(inode));
  append(root_ / "proc" / "net" / (ipv6 ? "tcp6" : "tcp"), row);
}

void FakeProc::add_process(pid_t pid, const std::string& name, std::uint64_t inode, int fd) {
  const fs::path process = root_ / "proc" / std::to_string(pid);
  fs::create_directories(process / "fd");
  fs::create_directories(process / "task");
  std::ofstream(process / "comm") << name << "\n";
  // Every process has its standard descriptors; only `fd` is the socket.
  fs::create_symlink("/dev/null", process / "fd" / "0");
  if (inode != 0) {
    fs::create_symlink("socket:[" + std::to_string(inode) + "]",
                       process / "fd" / std::to_string(fd));
  }
}

void FakeProc::add_thread(pid_t pid, pid_t tid, const std::string& name,
                          const std::string& cpus_allowed_list, const std::string& status_line) {
  const fs::path task = root_ / "proc" / std::to_string(pid) / "task" / std::to_string(tid);
  fs::create_directories(task);
  std::ofstream(task / "status") << "Name:\t" << name << "\nUmask:\t0022\nState:\tS (sleeping)\n"
                                 << "Tgid:\t" << pid << "\nPid:\t" << tid << "\n"
                                 << "Cpus_allowed:\tf\n"
                                 << (status_line.empty()
                                         ? "Cpus_allowed_list:\t" + cpus_allowed_list
                                         : status_line)
                                 << "\nMems_allowed_list:\t0\n";
}

}  // namespace trexsearch::servicetest
