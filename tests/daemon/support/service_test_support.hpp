#pragma once

#include <json/value.h>
#include <sys/types.h>

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "daemon/protocol/control_line_client.hpp"
#include "daemon/protocol/json_reply_codec.hpp"

namespace trexsearch::servicetest {

using std::chrono::milliseconds;

/// Generous deadline for things that normally take milliseconds (a loaded CI box).
inline constexpr milliseconds kDeadline{20000};

/// A fresh directory (mode 0755, so an unprivileged test peer can reach a socket
/// in it), removed with its content at scope end.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  /// Writes `content` to `name` inside the directory; returns the full path.
  std::string write(const std::string& name, const std::string& content) const;

 private:
  std::filesystem::path path_;
};

/// The whole content of a file ("" when missing).
std::string read_file(const std::filesystem::path& path);

/// A systemd notification socket stand-in: a Unix datagram socket whose messages a
/// background thread collects (draining it, as systemd does, so the daemon's
/// sd_notify never blocks).
class NotifyListener {
 public:
  explicit NotifyListener(const std::string& path);
  ~NotifyListener();
  NotifyListener(const NotifyListener&) = delete;
  NotifyListener& operator=(const NotifyListener&) = delete;

  const std::string& path() const { return path_; }
  /// Waits until a message containing `needle` arrived; false at the deadline.
  bool wait_for(std::string_view needle, milliseconds timeout);
  /// Waits until `count` messages containing `needle` arrived; false at the deadline.
  bool wait_for_count(std::string_view needle, std::size_t count, milliseconds timeout);
  std::vector<std::string> messages() const;

 private:
  void collect(std::stop_token stop);

  std::string path_;
  int fd_ = -1;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::string> messages_;
  std::jthread reader_;
};

/// The real trex-searchd binary, started with NOTIFY_SOCKET pointing at a listener
/// of its own; stderr goes to a log file. Killed (SIGKILL) at scope end if still
/// running.
class DaemonProcess {
 public:
  /// Starts `trex-searchd args...`; `name` distinguishes log and notify files.
  DaemonProcess(const TempDir& dir, const std::vector<std::string>& args,
                const std::string& name = "daemon", const std::vector<std::string>& extra_env = {});
  ~DaemonProcess();
  DaemonProcess(const DaemonProcess&) = delete;
  DaemonProcess& operator=(const DaemonProcess&) = delete;

  /// Waits for READY=1 (never a sleep); false when the daemon exited or the
  /// deadline passed.
  bool wait_ready(milliseconds timeout = kDeadline);
  void send_signal(int signal) const;
  /// The exit code (128 + signal when killed); nullopt at the deadline.
  std::optional<int> wait_exit(milliseconds timeout = kDeadline);
  pid_t pid() const { return pid_; }
  std::string log() const { return read_file(log_file_); }
  NotifyListener& notifications() { return notify_; }

 private:
  NotifyListener notify_;
  std::string log_file_;
  pid_t pid_ = -1;
  int pidfd_ = -1;
  std::optional<int> exit_code_;
};

/// The shared line client (protocol::ControlLineClient) with the tests' deadlines
/// and their event waits.
class ControlClient {
 public:
  /// Connects; throws std::runtime_error when it cannot.
  explicit ControlClient(const std::string& socket_path) : client_(socket_path) {}

  /// Sends raw bytes (false when the daemon closed the connection).
  bool send_raw(std::string_view bytes);
  /// One line without its newline; nullopt on EOF, error or deadline.
  std::optional<std::string> read_line(milliseconds timeout = kDeadline);
  /// Sends a request and reads lines until the reply (skipping events).
  protocol::JsonReply request(const std::string& command,
                              const Json::Value& arguments = Json::Value(Json::objectValue),
                              int id = 1);
  /// Reads event lines (`{"event": ...}`) until one named `event`; returns its
  /// arguments. Throws at EOF or the deadline.
  Json::Value wait_event(const std::string& event, milliseconds timeout = kDeadline);
  /// Reads until a `trial` event with `"trial": number` (or a later one).
  Json::Value wait_trial(std::size_t number, milliseconds timeout = kDeadline);
  /// Returns once the watched job has `number` trials: at once when the `watch`
  /// reply's progress already counted them (trials measured before the watch
  /// began get no event: a job with instant trials can be that far when the
  /// watch arrives), else at its trial event.
  void wait_trial_count(std::size_t number, milliseconds timeout = kDeadline);
  /// True when the daemon closes the connection before the deadline.
  bool wait_closed(milliseconds timeout = kDeadline);

 private:
  protocol::ControlLineClient client_;
  /// The last successful `watch` reply's progress.trial_count.
  std::size_t watched_trial_count_ = 0;
};

/// What a finished trex-search run left behind.
struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

/// Runs the trex-search CLI with `args` (TREX_SEARCH_SOCKET unset) and waits for it;
/// in `cwd` when given.
CliRun run_cli(const TempDir& dir, const std::vector<std::string>& args,
               const std::string& cwd = "");

/// Parses a JSON line (test helper; throws on bad JSON).
Json::Value parse_json(const std::string& line);

/// The path of the test's fake external measurer.
std::string fake_measurer_path();

/// Standard daemon arguments for a test in `dir` (socket, state dir, a config with only
/// `trex-cpus = none`).
std::vector<std::string> daemon_args(const TempDir& dir, std::vector<std::string> extra = {});
/// trex-searchd's arguments with `config` as its config file (written into `dir` as
/// testbeds.conf), its socket and state in `dir`: for testbed sections.
std::vector<std::string> daemon_args_with_config(const TempDir& dir, const std::string& config);

/// `{"job": job}`: the arguments of show, cancel, result, watch, delete.
Json::Value job_arguments(std::int64_t job);

/// `{"goals": [NDR, PDR], "min_load", "max_load"}` as a job spec.
Json::Value two_goal_spec(double min_load = 10000.0, double max_load = 2e6);

/// A sim measurer spec: sharp SUT with this capacity.
Json::Value sim_measurer(double capacity_pps, const std::string& time = "virtual");

/// An exec measurer running the fake measurer with these arguments.
Json::Value fake_exec_measurer(double capacity_pps, const std::vector<std::string>& arguments);

/// etc/profiles/ipv4-udp-64b-bidir.json in the source tree.
std::string example_profile_path();

/// A compressed-time PLR soak of many short trials on the `sim` measurer: each
/// stored trial carries the posterior's state, so a megabyte of store fills within
/// a few hundred trials (store-full and full-disk tests).
Json::Value filling_plr_job();

/// Submit arguments {"spec", "measurer"} (method: the daemon's default, mlr).
Json::Value submit_arguments(const Json::Value& spec, const Json::Value& measurer);

/// A PLR job in deterministic mode (samples_per_trial, seed 11) on compressed time,
/// trials 1, 2, 3 ... s, 60 s budget: a dozen trials, milliseconds. `measurer` runs
/// on virtual time.
Json::Value deterministic_plr_submit(Json::Value measurer);

/// Sets a trex measurer's `profile` to the contents of the file at `path` and its
/// `profile_source` to `path`, as trex-search submit does (the daemon opens no
/// file a client names).
void set_inline_profile(Json::Value& measurer, const std::string& path);

/// The same as JSON members for a measurer object's text:
/// `"profile": {...}, "profile_source": "PATH"`.
std::string inline_profile_members(const std::string& path);

}  // namespace trexsearch::servicetest
