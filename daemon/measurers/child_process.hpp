#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>

namespace trexsearch {

/// How a pipe operation on a child process ended.
enum class PipeStatus {
  ok,         ///< done
  timed_out,  ///< the deadline passed first
  cancelled,  ///< the stop token was triggered first
  closed,     ///< the child closed its end (or exited)
  too_long,   ///< a line longer than allowed arrived
};

/// `/bin/sh -c COMMAND` as a child in its own process group, with a pipe to its stdin
/// and one from its stdout; its stderr is passed on to ours, at most
/// `stderr_limit_bytes` per period (start_stderr_period()). Owns the process: the
/// destructor shuts it down (see shut_down()) and reaps it, never leaving a zombie.
class ChildProcess {
 public:
  using Deadline = std::chrono::steady_clock::time_point;

  /// Starts the child. Throws std::system_error when pipes or posix_spawn fail.
  explicit ChildProcess(const std::string& command,
                        std::size_t stderr_limit_bytes = std::size_t{64} << 10);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return pid_; }

  /// Writes all of `data` to the child's stdin. SIGPIPE is blocked for the calling
  /// thread during the write and a resulting pending SIGPIPE is consumed, so a dead
  /// child shows up as PipeStatus::closed, not as a killed parent.
  PipeStatus write_all(std::string_view data, Deadline deadline, const std::stop_token& stop);

  /// Reads one line from the child's stdout (the newline is not stored in `line`).
  /// `stop` is checked every few tens of milliseconds.
  PipeStatus read_line(std::string& line, std::size_t max_bytes, Deadline deadline,
                       const std::stop_token& stop);

  /// The wait status once the child has exited, waiting at most `timeout` for it
  /// (without reaping it); nullopt while it runs.
  std::optional<int> wait_for_exit(std::chrono::milliseconds timeout);

  /// Closes stdin (the polite "please exit"), waits `grace` for the child, then sends
  /// SIGTERM to its process group, waits `grace` again, then SIGKILL; then SIGKILLs
  /// every process it started that is still there — in the group or not (setsid()
  /// leaves the group, not the process tree; see kill_process_tree()). Always
  /// reaps. Idempotent, never throws.
  void shut_down(std::chrono::milliseconds grace) noexcept;

  /// Starts a new stderr budget (one per trial): says on our stderr how much of the
  /// last period's output was dropped over the limit, and returns that count.
  std::size_t start_stderr_period();

 private:
  void reap() noexcept;
  /// Waits for `events` on `fd` until the deadline or a stop request, passing the
  /// child's stderr on meanwhile.
  PipeStatus wait_ready(int fd, short events, Deadline deadline, const std::stop_token& stop);
  /// Reads what the child wrote to stderr and passes it on within the budget.
  void drain_stderr() noexcept;

  pid_t pid_ = -1;
  int stdin_fd_ = -1;
  int stdout_fd_ = -1;
  int stderr_fd_ = -1;
  std::size_t stderr_limit_bytes_;
  std::size_t stderr_passed_ = 0;
  std::size_t stderr_dropped_ = 0;
  bool reaped_ = false;
  std::optional<int> exit_status_;
  /// Bytes read past the last returned line.
  std::string buffer_;
};

/// "exited with status 3", "was killed by signal 9 (Killed)".
std::string describe_wait_status(int status);

}  // namespace trexsearch
