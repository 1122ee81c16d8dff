#include "daemon/hooks/hook_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <thread>

#include "daemon/measurers/process_tree.hpp"

namespace trexsearch::service {
namespace {

using std::chrono::milliseconds;
using std::chrono::steady_clock;

// How often the wait looks at its stop token and the hook's state: short enough
// that a cancel kills the hook at once, long enough to cost nothing.
constexpr milliseconds kSlice{20};
// After the kill: how long the killed processes get to be reaped.
constexpr milliseconds kReapBound{2000};

/// The pipe's read end, closed on every path.
class ReadEnd {
 public:
  explicit ReadEnd(int fd) : fd_(fd) {}
  ~ReadEnd() {
    if (fd_ >= 0) ::close(fd_);
  }
  ReadEnd(const ReadEnd&) = delete;
  ReadEnd& operator=(const ReadEnd&) = delete;
  int fd() const { return fd_; }

 private:
  int fd_;
};

/// posix_spawn's attributes and file actions, released on every path.
struct SpawnSetup {
  SpawnSetup() {
    posix_spawnattr_init(&attributes);
    posix_spawn_file_actions_init(&actions);
  }
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
  }
  SpawnSetup(const SpawnSetup&) = delete;
  SpawnSetup& operator=(const SpawnSetup&) = delete;
  posix_spawnattr_t attributes{};
  posix_spawn_file_actions_t actions{};
};

std::vector<char*> pointers(std::vector<std::string>& words) {
  std::vector<char*> list;
  list.reserve(words.size() + 1);
  for (std::string& word : words) list.push_back(word.data());
  list.push_back(nullptr);
  return list;
}

/// Starts the hook with its output into `write_fd`; returns the pid or the errno.
int spawn(const HookDefinition& hook, std::vector<std::string> environment, int write_fd,
          pid_t& pid) {
  SpawnSetup setup;
  posix_spawn_file_actions_addopen(&setup.actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&setup.actions, write_fd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&setup.actions, write_fd, STDERR_FILENO);
  // The same working directory wherever the daemon was started (systemd's is / too).
  posix_spawn_file_actions_addchdir_np(&setup.actions, "/");
  // Nothing of the daemon's (its control socket, the store) reaches the hook.
  posix_spawn_file_actions_addclosefrom_np(&setup.actions, STDERR_FILENO + 1);
  // Its own process group: the timeout and a cancel kill the hook with its children.
  posix_spawnattr_setpgroup(&setup.attributes, 0);
  sigset_t empty;
  sigemptyset(&empty);
  posix_spawnattr_setsigmask(&setup.attributes, &empty);
  sigset_t defaults;
  sigemptyset(&defaults);
  for (int signal : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT}) sigaddset(&defaults, signal);
  posix_spawnattr_setsigdefault(&setup.attributes, &defaults);
  posix_spawnattr_setflags(
      &setup.attributes,
      static_cast<short>(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF));
  std::vector<std::string> argv = hook.argv;
  const std::vector<char*> argv_list = pointers(argv);
  const std::vector<char*> env_list = pointers(environment);
  return ::posix_spawn(&pid, argv.front().c_str(), &setup.actions, &setup.attributes,
                       argv_list.data(), env_list.data());
}

/// Reads what is in the pipe now, at most 64 reads (256 KiB): a hook that writes as
/// fast as it is read (`yes`) must not keep the wait from its timeout. False at end
/// of file.
bool drain(int fd, HookRun& run, std::size_t cap) {
  std::array<char, 4096> buffer{};
  for (int reads = 0; reads < 64; ++reads) {
    const ssize_t got = ::read(fd, buffer.data(), buffer.size());
    if (got == 0) return false;
    if (got < 0) return errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK;
    const auto bytes = static_cast<std::size_t>(got);
    const std::size_t kept = std::min(bytes, cap - std::min(cap, run.output.size()));
    run.output.append(buffer.data(), kept);
    run.output_dropped_bytes += bytes - kept;
  }
  return true;
}

/// Whether `pid` has ended: no longer in /proc, or a zombie that only waits for its
/// parent to reap it.
bool ended(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!stat || !std::getline(stat, line)) return true;
  const std::size_t name_end = line.rfind(')');
  if (name_end == std::string::npos || name_end + 2 >= line.size()) return true;
  const char state = line[name_end + 2];
  return state == 'Z' || state == 'X';
}

/// Kills the hook's process group and every process below it, then reaps the hook
/// and, as far as they are ours (a subreaper daemon adopts them), the others; waits
/// (bounded) until each has ended, so that a run never returns while its processes
/// still touch the DUT.
void kill_all(pid_t pid, bool reap_hook) noexcept {
  std::vector<ProcessId> below;
  try {
    below = descendants_of(pid);
  } catch (const std::exception&) {
    // /proc unreadable: the process group is still killed below.
  }
  ::kill(-pid, SIGKILL);
  for (const ProcessId& process : below) ::kill(process.pid, SIGKILL);
  if (reap_hook) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  const auto deadline = steady_clock::now() + kReapBound;
  for (const ProcessId& process : below) {
    for (;;) {
      int status = 0;
      if (::waitpid(process.pid, &status, WNOHANG) == process.pid || ended(process.pid) ||
          steady_clock::now() >= deadline) {
        break;
      }
      std::this_thread::sleep_for(milliseconds{1});
    }
  }
}

void set_exit(HookRun& run, int status) {
  if (WIFEXITED(status)) {
    run.end = HookRun::End::exited;
    run.status = WEXITSTATUS(status);
  } else {
    run.end = HookRun::End::signalled;
    run.status = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  }
}

}  // namespace

HookRun run_hook_process(const HookDefinition& hook, const std::vector<std::string>& environment,
                         const std::stop_token& stop) {
  HookRun run;
  run.hook = hook.name;
  const auto started = steady_clock::now();
  const auto finish = [&run, started] {
    run.duration = steady_clock::now() - started;
    return run;
  };
  std::array<int, 2> pipe{-1, -1};
  if (::pipe2(pipe.data(), O_CLOEXEC) != 0) {
    run.end = HookRun::End::not_started;
    run.start_error = std::string("cannot make a pipe: ") + std::strerror(errno);
    return finish();
  }
  const ReadEnd read_end(pipe[0]);
  pid_t pid = -1;
  const int error = spawn(hook, environment, pipe[1], pid);
  ::close(pipe[1]);
  if (error != 0) {
    run.end = HookRun::End::not_started;
    run.start_error = hook.argv.front() + ": " + std::strerror(error);
    return finish();
  }
  ::fcntl(read_end.fd(), F_SETFL, ::fcntl(read_end.fd(), F_GETFL) | O_NONBLOCK);
  const auto deadline = started + hook.timeout;
  bool open = true;
  for (;;) {
    int status = 0;
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) {
      // Exited: take what it wrote, then end what it left behind in its group.
      if (open) drain(read_end.fd(), run, hook.output_cap_bytes);
      set_exit(run, status);
      kill_all(pid, false);
      return finish();
    }
    if (stop.stop_requested() || steady_clock::now() >= deadline) {
      if (open) drain(read_end.fd(), run, hook.output_cap_bytes);
      run.end = stop.stop_requested() ? HookRun::End::cancelled : HookRun::End::timed_out;
      kill_all(pid, true);
      return finish();
    }
    const auto left = std::chrono::duration_cast<milliseconds>(deadline - steady_clock::now());
    const int wait_ms = static_cast<int>(std::clamp(left, milliseconds{1}, kSlice).count());
    if (open) {
      pollfd ready{read_end.fd(), POLLIN, 0};
      if (::poll(&ready, 1, wait_ms) > 0) open = drain(read_end.fd(), run, hook.output_cap_bytes);
    } else {
      // Its output is closed but it still runs: look again after a slice.
      std::this_thread::sleep_for(milliseconds{wait_ms});
    }
  }
}

}  // namespace trexsearch::service
