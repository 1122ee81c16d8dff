#include "daemon/cpus/proc_reader.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <sstream>
#include <system_error>

namespace trexsearch::service {
namespace {

namespace fs = std::filesystem;

// The kernel's TCP_LISTEN state in /proc/net/tcp ("st" column, hex).
constexpr std::string_view kListenState = "0A";

// /proc files report a size of 0, so read until EOF rather than by size. Absent with
// `error` set (errno) when the file cannot be opened or read.
std::optional<std::string> read_text(const fs::path& path, int& error) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = errno;
    return std::nullopt;
  }
  std::string text;
  std::array<char, 4096> buffer{};
  for (;;) {
    const ssize_t got = ::read(fd, buffer.data(), buffer.size());
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      error = errno;
      ::close(fd);
      return std::nullopt;
    }
    if (got == 0) break;
    text.append(buffer.data(), static_cast<std::size_t>(got));
  }
  ::close(fd);
  return text;
}

template <typename T>
std::optional<T> parse_number(std::string_view digits, int base = 10) {
  T value{};
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
  if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size()) {
    return std::nullopt;
  }
  return value;
}

std::optional<pid_t> pid_of(const fs::path& entry) {
  return parse_number<pid_t>(entry.filename().native());
}

std::string describe(const fs::path& path, int error) {
  return "cannot read " + path.string() + ": " + std::strerror(error);
}

// One /proc/net/tcp{,6} table: "sl local_address rem_address st tx:rx tr:when retrnsmt uid
// timeout inode ...", local_address "ADDRESS:PORT" in hex.
void parse_tcp_table(const std::string& text, std::uint16_t port, bool ipv6,
                     std::vector<TcpListener>& out) {
  std::istringstream lines(text);
  std::string line;
  std::getline(lines, line);  // the header
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    // The ten fields of a /proc/net/unix line, only the inode is kept.
    std::string slot;
    std::string local;
    std::string remote;
    std::string state;
    std::string queues;
    std::string timer;
    std::string retransmits;
    std::string uid;
    std::string timeout;
    std::string inode;
    if (!(fields >> slot >> local >> remote >> state >> queues >> timer >> retransmits >> uid >>
          timeout >> inode)) {
      continue;
    }
    const std::size_t colon = local.rfind(':');
    if (state != kListenState || colon == std::string::npos) continue;
    const auto local_port = parse_number<unsigned>(std::string_view(local).substr(colon + 1), 16);
    const auto owner = parse_number<uid_t>(uid);
    const auto number = parse_number<std::uint64_t>(inode);
    if (!local_port || *local_port != port || !owner || !number || *number == 0) continue;
    out.push_back(TcpListener{*number, *owner, ipv6});
  }
}

// "socket:[12345]" -> 12345.
std::optional<std::uint64_t> socket_inode(const std::string& link) {
  constexpr std::string_view prefix = "socket:[";
  if (link.size() < prefix.size() + 2 || link.compare(0, prefix.size(), prefix) != 0 ||
      link.back() != ']') {
    return std::nullopt;
  }
  return parse_number<std::uint64_t>(
      std::string_view(link).substr(prefix.size(), link.size() - prefix.size() - 1));
}

bool holds_any(const fs::path& fd_dir, const std::set<std::uint64_t>& inodes,
               std::error_code& error) {
  fs::directory_iterator it(fd_dir, error);
  for (; !error && it != fs::directory_iterator(); it.increment(error)) {
    std::error_code ignored;  // the descriptor may be closed meanwhile
    const auto inode = socket_inode(fs::read_symlink(it->path(), ignored).native());
    if (inode && inodes.contains(*inode)) return true;
  }
  return false;
}

std::string field_value(const std::string& line, std::string_view key) {
  if (line.compare(0, key.size(), key) != 0) return {};
  std::size_t start = key.size();
  while (start < line.size() && (line[start] == ' ' || line[start] == '\t')) ++start;
  return line.substr(start);
}

}  // namespace

ListenerScan ProcReader::tcp_listeners(std::uint16_t port) const {
  ListenerScan scan;
  std::string errors;
  int readable = 0;
  for (const bool ipv6 : {false, true}) {
    const fs::path table = proc() / "net" / (ipv6 ? "tcp6" : "tcp");
    int error = 0;
    const auto text = read_text(table, error);
    if (!text) {
      // No tcp6 table is normal where IPv6 is disabled.
      if (!(ipv6 && error == ENOENT))
        errors += (errors.empty() ? "" : "; ") + describe(table, error);
      continue;
    }
    ++readable;
    parse_tcp_table(*text, port, ipv6, scan.listeners);
  }
  if (readable == 0) scan.error = errors;
  return scan;
}

SocketOwnerScan ProcReader::socket_owners(const std::set<std::uint64_t>& inodes) const {
  SocketOwnerScan scan;
  std::error_code error;
  fs::directory_iterator it(proc(), error);
  for (; !error && it != fs::directory_iterator(); it.increment(error)) {
    const auto pid = pid_of(it->path());
    if (!pid) continue;
    std::error_code fd_error;
    if (holds_any(it->path() / "fd", inodes, fd_error)) {
      scan.pids.push_back(*pid);
    } else if (fd_error == std::errc::permission_denied) {
      ++scan.unreadable;
    }
    // Any other error: the process exited while we looked; it holds nothing now.
  }
  if (error) scan.error = "cannot list " + proc().string() + ": " + error.message();
  std::sort(scan.pids.begin(), scan.pids.end());
  return scan;
}

namespace {

/// A thread's name and allowed CPUs from its status file (`status_path`); nothing,
/// with `error` naming the file and what was wrong, when there is no valid mask.
std::optional<ThreadCpus> thread_from_status(const fs::path& status_path, const std::string& status,
                                             pid_t tid, std::string& error) {
  ThreadCpus thread;
  thread.tid = tid;
  bool has_mask = false;
  std::istringstream lines(status);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("Name:", 0) == 0) thread.name = field_value(line, "Name:");
    if (line.rfind("Cpus_allowed_list:", 0) == 0) {
      const auto allowed = parse_cpu_set(field_value(line, "Cpus_allowed_list:"));
      if (!allowed) {
        error = status_path.string() + ": Cpus_allowed_list is not a CPU list: \"" +
                field_value(line, "Cpus_allowed_list:") + "\"";
        return std::nullopt;
      }
      thread.allowed = *allowed;
      has_mask = true;
    }
  }
  if (!has_mask) {
    error = status_path.string() + " has no Cpus_allowed_list line";
    return std::nullopt;
  }
  return thread;
}

}  // namespace

ThreadScan ProcReader::thread_cpus(pid_t pid) const {
  ThreadScan scan;
  const fs::path process = proc() / std::to_string(pid);
  const fs::path tasks = process / "task";
  std::error_code error;
  fs::directory_iterator it(tasks, error);
  for (; !error && it != fs::directory_iterator(); it.increment(error)) {
    const auto tid = pid_of(it->path());
    if (!tid) continue;
    int read_error = 0;
    const auto status = read_text(it->path() / "status", read_error);
    if (!status) {
      if (read_error == ENOENT || read_error == ESRCH) continue;  // the thread ended meanwhile
      scan.error = describe(it->path() / "status", read_error);
      return scan;
    }
    std::optional<ThreadCpus> thread =
        thread_from_status(it->path() / "status", *status, *tid, scan.error);
    if (!thread) return scan;
    scan.threads.push_back(std::move(*thread));
  }
  std::error_code exists_error;
  if (error == std::errc::no_such_file_or_directory || !fs::exists(process, exists_error)) {
    scan.gone = true;
    scan.threads.clear();
  } else if (error) {
    scan.error = "cannot list " + tasks.string() + ": " + error.message();
  } else if (scan.threads.empty()) {
    scan.gone = true;  // every thread ended while we read: the process is exiting
  }
  std::sort(scan.threads.begin(), scan.threads.end(),
            [](const ThreadCpus& a, const ThreadCpus& b) { return a.tid < b.tid; });
  return scan;
}

std::vector<pid_t> ProcReader::thread_ids(pid_t pid) const {
  std::vector<pid_t> tids;
  std::error_code error;
  fs::directory_iterator it(proc() / std::to_string(pid) / "task", error);
  for (; !error && it != fs::directory_iterator(); it.increment(error)) {
    if (const auto tid = pid_of(it->path())) tids.push_back(*tid);
  }
  std::sort(tids.begin(), tids.end());
  return tids;
}

std::string ProcReader::process_name(pid_t pid) const {
  int error = 0;
  std::string name = read_text(proc() / std::to_string(pid) / "comm", error).value_or("");
  while (!name.empty() && (name.back() == '\n' || name.back() == '\r')) name.pop_back();
  return name;
}

std::optional<CpuSet> ProcReader::online_cpus() const {
  int error = 0;
  const auto text = read_text(root_ / "sys" / "devices" / "system" / "cpu" / "online", error);
  if (!text) return std::nullopt;
  return parse_cpu_set(*text);
}

}  // namespace trexsearch::service
