#include "daemon/measurers/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <set>
#include <system_error>
#include <vector>

#include "daemon/measurers/process_tree.hpp"

extern char** environ;

namespace trexsearch {
namespace {

using std::chrono::milliseconds;
using std::chrono::steady_clock;

// How often a blocked read or write looks at its stop token: short enough that
// Ctrl-C feels immediate, long enough to cost nothing.
constexpr milliseconds kStopCheckSlice{50};

[[noreturn]] void throw_errno(int error, const std::string& what) {
  throw std::system_error(error, std::generic_category(), what);
}

void close_fd(int& fd) noexcept {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

/// poll() timeout for one slice: the rest of the time to the deadline, capped.
int slice_ms(ChildProcess::Deadline deadline) {
  const auto left =
      std::chrono::duration_cast<milliseconds>(deadline - steady_clock::now()) + milliseconds{1};
  return static_cast<int>(std::clamp(left, milliseconds{0}, kStopCheckSlice).count());
}

/// Pids of the children alive in this process: kill_process_tree() must not take
/// one measurer's shell for another one's orphan.
std::mutex live_children_mutex;
std::set<pid_t> live_children;

std::set<pid_t> live_children_now() {
  std::lock_guard lock(live_children_mutex);
  return live_children;
}

/// Blocks SIGPIPE for this thread while alive; consumes a SIGPIPE our write raised.
/// Pipes have no MSG_NOSIGNAL, and ignoring SIGPIPE process-wide would be a
/// library deciding for the whole program.
class SigpipeBlock {
 public:
  SigpipeBlock() {
    sigemptyset(&sigpipe_);
    sigaddset(&sigpipe_, SIGPIPE);
    sigset_t pending;
    sigpending(&pending);
    was_pending_ = sigismember(&pending, SIGPIPE) == 1;
    pthread_sigmask(SIG_BLOCK, &sigpipe_, &old_mask_);
  }
  ~SigpipeBlock() {
    if (raised_ && !was_pending_) {
      const timespec zero{0, 0};
      while (sigtimedwait(&sigpipe_, nullptr, &zero) == -1 && errno == EINTR) {
      }
    }
    pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
  }
  SigpipeBlock(const SigpipeBlock&) = delete;
  SigpipeBlock& operator=(const SigpipeBlock&) = delete;

  void note_epipe() { raised_ = true; }

 private:
  sigset_t sigpipe_{};
  sigset_t old_mask_{};
  bool was_pending_ = false;
  bool raised_ = false;
};

/// posix_spawn attributes and file actions, released on every path.
class SpawnSetup {
 public:
  SpawnSetup() {
    posix_spawnattr_init(&attributes_);
    posix_spawn_file_actions_init(&actions_);
  }
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions_);
    posix_spawnattr_destroy(&attributes_);
  }
  SpawnSetup(const SpawnSetup&) = delete;
  SpawnSetup& operator=(const SpawnSetup&) = delete;

  posix_spawnattr_t attributes_{};
  posix_spawn_file_actions_t actions_{};
};

/// The three pipes to a measurer, all O_CLOEXEC so that our ends never leak into
/// this or any other child (dup2 onto 0, 1 and 2 clears the flag for the child's
/// copies). The child's stderr comes to us, not straight to the journal: a measurer
/// that writes without end must not fill the daemon's log.
struct ChildPipes {
  std::array<int, 2> to_child{-1, -1};
  std::array<int, 2> from_child{-1, -1};
  std::array<int, 2> errors{-1, -1};
};

/// Throws with every pipe made so far closed again.
ChildPipes open_child_pipes() {
  ChildPipes pipes;
  if (::pipe2(pipes.to_child.data(), O_CLOEXEC) != 0) {
    throw_errno(errno, "pipe for measurer stdin");
  }
  if (::pipe2(pipes.from_child.data(), O_CLOEXEC) != 0) {
    const int error = errno;
    close_fd(pipes.to_child[0]);
    close_fd(pipes.to_child[1]);
    throw_errno(error, "pipe for measurer stdout");
  }
  if (::pipe2(pipes.errors.data(), O_CLOEXEC) != 0) {
    const int error = errno;
    for (auto* pipe : {&pipes.to_child, &pipes.from_child})
      for (int& fd : *pipe) close_fd(fd);
    throw_errno(error, "pipe for measurer stderr");
  }
  return pipes;
}

/// The child's stdin, stdout and stderr onto the pipes, nothing else inherited, its
/// own process group, and default signal handling.
void prepare_spawn(SpawnSetup& setup, const ChildPipes& pipes) {
  posix_spawn_file_actions_adddup2(&setup.actions_, pipes.to_child[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&setup.actions_, pipes.from_child[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&setup.actions_, pipes.errors[1], STDERR_FILENO);
  // Nothing but stdin, stdout and stderr reaches the measurer, whatever the daemon
  // holds without O_CLOEXEC (Asio's control-socket listener and connections are
  // such): a measurer must not keep the socket alive or talk on a client's line.
  posix_spawn_file_actions_addclosefrom_np(&setup.actions_, STDERR_FILENO + 1);
  // Own process group: shut_down() can then signal the shell and everything it
  // started; Ctrl-C reaches only us, and we stop the child in an orderly way.
  posix_spawnattr_setpgroup(&setup.attributes_, 0);
  // The caller may block signals (the CLI routes SIGINT/SIGTERM to a thread) or
  // ignore SIGPIPE; the child starts with the defaults.
  sigset_t empty;
  sigemptyset(&empty);
  posix_spawnattr_setsigmask(&setup.attributes_, &empty);
  sigset_t defaults;
  sigemptyset(&defaults);
  for (int signal : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT}) sigaddset(&defaults, signal);
  posix_spawnattr_setsigdefault(&setup.attributes_, &defaults);
  posix_spawnattr_setflags(
      &setup.attributes_,
      static_cast<short>(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF));
}

}  // namespace

ChildProcess::ChildProcess(const std::string& command, std::size_t stderr_limit_bytes)
    : stderr_limit_bytes_(stderr_limit_bytes) {
  ChildPipes pipes = open_child_pipes();
  stdin_fd_ = pipes.to_child[1];
  stdout_fd_ = pipes.from_child[0];
  stderr_fd_ = pipes.errors[0];

  SpawnSetup setup;
  prepare_spawn(setup, pipes);
  std::string shell = "/bin/sh";
  std::string dash_c = "-c";
  std::string command_copy = command;
  std::array<char*, 4> argv{shell.data(), dash_c.data(), command_copy.data(), nullptr};
  const int error = ::posix_spawn(&pid_, shell.c_str(), &setup.actions_, &setup.attributes_,
                                  argv.data(), environ);
  close_fd(pipes.to_child[0]);
  close_fd(pipes.from_child[1]);
  close_fd(pipes.errors[1]);
  if (error != 0) {
    close_fd(stdin_fd_);
    close_fd(stdout_fd_);
    close_fd(stderr_fd_);
    throw_errno(error, "cannot start /bin/sh -c '" + command + "'");
  }
  {
    std::lock_guard lock(live_children_mutex);
    live_children.insert(pid_);
  }
  // Non-blocking ends so that poll() plus read/write never block past a deadline.
  for (int fd : {stdin_fd_, stdout_fd_, stderr_fd_}) {
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  }
}

ChildProcess::~ChildProcess() { shut_down(milliseconds{2000}); }

PipeStatus ChildProcess::write_all(std::string_view data, Deadline deadline,
                                   const std::stop_token& stop) {
  if (stdin_fd_ < 0) return PipeStatus::closed;
  SigpipeBlock block;
  while (!data.empty()) {
    const ssize_t written = ::write(stdin_fd_, data.data(), data.size());
    if (written >= 0) {
      data.remove_prefix(static_cast<std::size_t>(written));
      continue;
    }
    if (errno == EINTR) continue;
    if (errno == EPIPE) {
      block.note_epipe();
      return PipeStatus::closed;
    }
    if (errno != EAGAIN) throw_errno(errno, "write to measurer stdin");
    const PipeStatus status = wait_ready(stdin_fd_, POLLOUT, deadline, stop);
    if (status != PipeStatus::ok) return status;
  }
  return PipeStatus::ok;
}

PipeStatus ChildProcess::read_line(std::string& line, std::size_t max_bytes, Deadline deadline,
                                   const std::stop_token& stop) {
  std::array<char, 65536> chunk{};
  while (true) {
    const auto newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      if (newline > max_bytes) return PipeStatus::too_long;
      line.assign(buffer_, 0, newline);
      buffer_.erase(0, newline + 1);
      return PipeStatus::ok;
    }
    if (buffer_.size() > max_bytes) return PipeStatus::too_long;
    if (stdout_fd_ < 0) return PipeStatus::closed;
    const ssize_t got = ::read(stdout_fd_, chunk.data(), chunk.size());
    if (got > 0) {
      buffer_.append(chunk.data(), static_cast<std::size_t>(got));
      continue;
    }
    if (got == 0) return PipeStatus::closed;  // a partial last line is not a reply
    if (errno == EINTR) continue;
    if (errno != EAGAIN) throw_errno(errno, "read from measurer stdout");
    const PipeStatus status = wait_ready(stdout_fd_, POLLIN, deadline, stop);
    if (status != PipeStatus::ok) return status;
  }
}

PipeStatus ChildProcess::wait_ready(int fd, short events, Deadline deadline,
                                    const std::stop_token& stop) {
  while (true) {
    if (stop.stop_requested()) return PipeStatus::cancelled;
    if (steady_clock::now() >= deadline) return PipeStatus::timed_out;
    pollfd entries[2]{{fd, events, 0}, {stderr_fd_, POLLIN, 0}};
    const int ready = ::poll(entries, stderr_fd_ >= 0 ? 2 : 1, slice_ms(deadline));
    if (ready < 0) {
      if (errno == EINTR) continue;
      throw_errno(errno, "poll on measurer pipe");
    }
    if (stderr_fd_ >= 0 && entries[1].revents != 0) drain_stderr();
    // Readable, writable, or hung up: let I/O tell.
    if (entries[0].revents != 0) return PipeStatus::ok;
  }
}

void ChildProcess::drain_stderr() noexcept {
  std::array<char, 16384> chunk{};
  while (stderr_fd_ >= 0) {
    const ssize_t got = ::read(stderr_fd_, chunk.data(), chunk.size());
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      if (got == 0) close_fd(stderr_fd_);  // every writer closed it
      return;
    }
    const auto size = static_cast<std::size_t>(got);
    const std::size_t room =
        stderr_limit_bytes_ > stderr_passed_ ? stderr_limit_bytes_ - stderr_passed_ : 0;
    const std::size_t passed = std::min(room, size);
    for (std::size_t done = 0; done < passed;) {
      const ssize_t written = ::write(STDERR_FILENO, chunk.data() + done, passed - done);
      if (written < 0 && errno == EINTR) continue;
      if (written <= 0) break;  // our own stderr is gone: nothing to be done
      done += static_cast<std::size_t>(written);
    }
    stderr_passed_ += passed;
    stderr_dropped_ += size - passed;
  }
}

std::size_t ChildProcess::start_stderr_period() {
  drain_stderr();
  const std::size_t dropped = stderr_dropped_;
  if (dropped > 0) {
    const std::string note = "[external measurer pid " + std::to_string(pid_) + ": " +
                             std::to_string(dropped) + " bytes of stderr over the limit of " +
                             std::to_string(stderr_limit_bytes_) + " per trial dropped]\n";
    [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, note.data(), note.size());
  }
  stderr_passed_ = 0;
  stderr_dropped_ = 0;
  return dropped;
}

std::optional<int> ChildProcess::wait_for_exit(milliseconds timeout) {
  if (exit_status_) return exit_status_;
  const auto deadline = steady_clock::now() + timeout;
  while (true) {
    // WNOWAIT leaves the child a zombie until reap(): while it exists its process
    // group id cannot be reused, so shut_down() can still signal the group safely.
    siginfo_t info{};
    const int result = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT);
    if (result == 0 && info.si_pid == pid_) {
      exit_status_ =
          info.si_code == CLD_EXITED ? (info.si_status & 0xff) << 8 : (info.si_status & 0x7f);
      return exit_status_;
    }
    if (result != 0 && errno != EINTR) return std::nullopt;
    if (steady_clock::now() >= deadline) return std::nullopt;
    // A child blocked writing to a full stderr pipe could never exit.
    drain_stderr();
    ::poll(nullptr, 0, 5);
  }
}

void ChildProcess::reap() noexcept {
  if (reaped_ || pid_ <= 0) return;
  int status = 0;
  while (::waitpid(pid_, &status, 0) == -1 && errno == EINTR) {
  }
  reaped_ = true;
  std::lock_guard lock(live_children_mutex);
  live_children.erase(pid_);
}

void ChildProcess::shut_down(milliseconds grace) noexcept {
  if (reaped_ || pid_ <= 0) return;
  // While the tree is whole: once the shell exits, its children are re-parented
  // (to us when we are a subreaper, else to init) and no longer found below it.
  std::vector<ProcessId> started;
  try {
    started = descendants_of(pid_);
  } catch (...) {
  }
  try {
    close_fd(stdin_fd_);
    if (!wait_for_exit(grace)) {
      ::kill(-pid_, SIGTERM);
      if (!wait_for_exit(grace)) ::kill(-pid_, SIGKILL);
    }
    // Whatever the shell left running in its group (background jobs) would hold our
    // stderr open; the leader is still unreaped, so the group id is still ours.
    ::kill(-pid_, SIGKILL);
  } catch (...) {
    ::kill(-pid_, SIGKILL);
  }
  // And what left the group (setsid(), setpgid()) or was orphaned on the way.
  std::set<pid_t> keep = live_children_now();
  keep.erase(pid_);
  kill_process_tree(pid_, started, keep, steady_clock::now() + grace);
  reap();
  try {
    (void)start_stderr_period();  // the last of it, and what was dropped
  } catch (...) {
  }
  close_fd(stdout_fd_);
  close_fd(stderr_fd_);
}

std::string describe_wait_status(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    const char* name = ::strsignal(signal);
    return "was killed by signal " + std::to_string(signal) +
           (name != nullptr ? " (" + std::string(name) + ")" : std::string{});
  }
  return "ended with wait status " + std::to_string(status);
}

}  // namespace trexsearch
