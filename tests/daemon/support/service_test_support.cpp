#include "tests/daemon/support/service_test_support.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "tests/support/build_paths.hpp"

extern char** environ;

namespace trexsearch::servicetest {
namespace {

using Clock = std::chrono::steady_clock;

int remaining_ms(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<milliseconds>(deadline - Clock::now()).count();
  return left < 0 ? 0 : static_cast<int>(left);
}

sockaddr_un unix_address(const std::string& path) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  if (path.size() >= sizeof address.sun_path) throw std::runtime_error("socket path too long");
  std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
  return address;
}

std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (const char c : text) {
    if (c == '\'') {
      quoted += "'\\''";
    } else {
      quoted += c;
    }
  }
  return quoted + "'";
}

}  // namespace

TempDir::TempDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "trex-searchd-test-XXXXXX");
  if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  path_ = pattern;
  ::chmod(path_.c_str(), 0755);
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::string TempDir::write(const std::string& name, const std::string& content) const {
  const std::string path = file(name);
  std::ofstream(path) << content;
  return path;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

NotifyListener::NotifyListener(const std::string& path) : path_(path) {
  fd_ = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  const sockaddr_un address = unix_address(path);
  ::unlink(path.c_str());
  if (fd_ < 0 || ::bind(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    throw std::runtime_error("cannot bind the notify socket " + path + ": " + std::strerror(errno));
  }
  reader_ = std::jthread([this](std::stop_token stop) { collect(std::move(stop)); });
}

NotifyListener::~NotifyListener() {
  reader_.request_stop();
  if (reader_.joinable()) reader_.join();
  ::close(fd_);
}

void NotifyListener::collect(std::stop_token stop) {
  char buffer[4096];
  while (!stop.stop_requested()) {
    pollfd ready{fd_, POLLIN, 0};
    // A short poll so the thread notices the stop request: it waits for input,
    // it does not pace anything.
    if (::poll(&ready, 1, 50) <= 0) continue;
    const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
    if (n <= 0) continue;
    std::lock_guard lock(mutex_);
    messages_.emplace_back(buffer, static_cast<std::size_t>(n));
    changed_.notify_all();
  }
}

bool NotifyListener::wait_for(std::string_view needle, milliseconds timeout) {
  return wait_for_count(needle, 1, timeout);
}

bool NotifyListener::wait_for_count(std::string_view needle, std::size_t count,
                                    milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return changed_.wait_for(lock, timeout, [&] {
    std::size_t found = 0;
    for (const auto& message : messages_) {
      if (message.find(needle) != std::string::npos) ++found;
    }
    return found >= count;
  });
}

std::vector<std::string> NotifyListener::messages() const {
  std::lock_guard lock(mutex_);
  return messages_;
}

namespace {

/// The NULL-terminated char* array posix_spawn wants; `strings` must outlive it.
std::vector<char*> null_terminated(std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  for (auto& text : strings) pointers.push_back(text.data());
  pointers.push_back(nullptr);
  return pointers;
}

}  // namespace

DaemonProcess::DaemonProcess(const TempDir& dir, const std::vector<std::string>& args,
                             const std::string& name, const std::vector<std::string>& extra_env)
    : notify_(dir.file(name + ".notify")), log_file_(dir.file(name + ".log")) {
  std::vector<std::string> argv{trexsearch::testing::build_paths::searchd_bin()};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> raw_argv = null_terminated(argv);

  std::vector<std::string> env;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    if (std::strncmp(*entry, "NOTIFY_SOCKET=", 14) != 0) env.emplace_back(*entry);
  }
  env.push_back("NOTIFY_SOCKET=" + notify_.path());
  env.insert(env.end(), extra_env.begin(), extra_env.end());
  std::vector<char*> raw_env = null_terminated(env);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log_file_.c_str(),
                                   O_WRONLY | O_CREAT | O_APPEND, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  const int error =
      posix_spawn(&pid_, raw_argv[0], &actions, nullptr, raw_argv.data(), raw_env.data());
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0) throw std::runtime_error(std::string("posix_spawn: ") + std::strerror(error));
  // glibc 2.36 declares pidfd_open without extern "C": call it directly.
  pidfd_ = static_cast<int>(::syscall(SYS_pidfd_open, pid_, 0));
  if (pidfd_ < 0) throw std::runtime_error(std::string("pidfd_open: ") + std::strerror(errno));
}

DaemonProcess::~DaemonProcess() {
  if (!exit_code_) {
    ::kill(pid_, SIGKILL);
    (void)wait_exit(kDeadline);
  }
  ::close(pidfd_);
}

bool DaemonProcess::wait_ready(milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    if (notify_.wait_for("READY=1", milliseconds(50))) return true;
    pollfd exited{pidfd_, POLLIN, 0};
    if (::poll(&exited, 1, 0) > 0) return false;  // it died before becoming ready
  }
  return false;
}

void DaemonProcess::send_signal(int signal) const { ::kill(pid_, signal); }

std::optional<int> DaemonProcess::wait_exit(milliseconds timeout) {
  if (exit_code_) return exit_code_;
  pollfd exited{pidfd_, POLLIN, 0};
  if (::poll(&exited, 1, static_cast<int>(timeout.count())) <= 0) return std::nullopt;
  int status = 0;
  if (::waitpid(pid_, &status, 0) != pid_) return std::nullopt;
  exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return exit_code_;
}

bool ControlClient::send_raw(std::string_view bytes) { return client_.send_raw(bytes); }

std::optional<std::string> ControlClient::read_line(milliseconds timeout) {
  try {
    return client_.read_line(timeout);
  } catch (const protocol::ControlTimeout&) {
    return std::nullopt;
  }
}

protocol::JsonReply ControlClient::request(const std::string& command, const Json::Value& arguments,
                                           int id) {
  protocol::JsonReply reply = protocol::parse_json_reply(
      client_.exchange_line(command, protocol::make_document(arguments), kDeadline, id));
  if (command == "watch" && reply.result == protocol::ResultCode::success) {
    const Json::Value& progress = reply.arguments["progress"];
    watched_trial_count_ = progress.isObject() ? progress["trial_count"].asUInt64() : 0;
  }
  return reply;
}

Json::Value ControlClient::wait_event(const std::string& event, milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (true) {
    std::optional<protocol::Event> line;
    try {
      line = client_.next_event(milliseconds(remaining_ms(deadline)));
    } catch (const protocol::ControlTimeout&) {
    }
    if (!line) throw std::runtime_error("no '" + event + "' event before the deadline or EOF");
    if (line->event == event) return protocol::json_of(line->arguments);
  }
}

Json::Value ControlClient::wait_trial(std::size_t number, milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (true) {
    const Json::Value trial = wait_event("trial", milliseconds(remaining_ms(deadline)));
    if (trial["trial"].asUInt64() >= number) return trial;
  }
}

void ControlClient::wait_trial_count(std::size_t number, milliseconds timeout) {
  if (watched_trial_count_ >= number) return;
  (void)wait_trial(number, timeout);
}

bool ControlClient::wait_closed(milliseconds timeout) { return client_.wait_closed(timeout); }

CliRun run_cli(const TempDir& dir, const std::vector<std::string>& args, const std::string& cwd) {
  static int runs = 0;
  const std::string tag = std::to_string(++runs);
  const std::string out_file = dir.file("cli-" + tag + ".out");
  const std::string err_file = dir.file("cli-" + tag + ".err");
  std::vector<std::string> argv{trexsearch::testing::build_paths::search_bin()};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> raw_argv = null_terminated(argv);
  std::vector<std::string> env;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    if (std::strncmp(*entry, "TREX_SEARCH_SOCKET=", 19) != 0) env.emplace_back(*entry);
  }
  std::vector<char*> raw_env = null_terminated(env);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out_file.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err_file.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
  pid_t pid = -1;
  const int error =
      posix_spawn(&pid, raw_argv[0], &actions, nullptr, raw_argv.data(), raw_env.data());
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0) throw std::runtime_error(std::string("posix_spawn: ") + std::strerror(error));
  int status = 0;
  ::waitpid(pid, &status, 0);
  CliRun run;
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  run.out = read_file(out_file);
  run.err = read_file(err_file);
  return run;
}

Json::Value parse_json(const std::string& line) {
  return codec::parse_strict_json(line, "test line");
}

std::string fake_measurer_path() { return trexsearch::testing::build_paths::fake_measurer_bin(); }

std::vector<std::string> daemon_args(const TempDir& dir, std::vector<std::string> extra) {
  // trex-cpus = none: these daemons drive emulators and simulations, with no TRex to keep
  // off. Left at auto, TRex's CPUs are unknown and the PLR integration threads run at
  // SCHED_IDLE, so a PLR job here would stall for as long as other tests keep both CPUs
  // busy (CI's sanitizer run did: a soak job's end never came within the deadline).
  std::vector<std::string> args{"--config",    dir.write("empty.conf", "trex-cpus = none\n"),
                                "--socket",    dir.file("control.sock"),
                                "--state-dir", dir.file("state")};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

std::vector<std::string> daemon_args_with_config(const TempDir& dir, const std::string& config) {
  // trex-cpus = none unless the test chose: see daemon_args.
  const bool chosen = config.find("trex-cpus") != std::string::npos;
  return {"--config",    dir.write("testbeds.conf", (chosen ? "" : "trex-cpus = none\n") + config),
          "--socket",    dir.file("control.sock"),
          "--state-dir", dir.file("state")};
}

Json::Value job_arguments(std::int64_t job) {
  Json::Value arguments(Json::objectValue);
  arguments["job"] = Json::Int64{job};
  return arguments;
}

Json::Value two_goal_spec(double min_load, double max_load) {
  Json::Value spec(Json::objectValue);
  Json::Value ndr(Json::objectValue);
  ndr["name"] = "NDR";
  Json::Value pdr(Json::objectValue);
  pdr["name"] = "PDR";
  pdr["loss_ratio"] = 0.005;
  spec["goals"].append(ndr);
  spec["goals"].append(pdr);
  spec["min_load"] = min_load;
  spec["max_load"] = max_load;
  return spec;
}

Json::Value sim_measurer(double capacity_pps, const std::string& time) {
  Json::Value measurer(Json::objectValue);
  measurer["kind"] = "sim";
  measurer["model"] = "sharp";
  measurer["options"]["capacity_pps"] = capacity_pps;
  measurer["time"] = time;
  return measurer;
}

Json::Value fake_exec_measurer(double capacity_pps, const std::vector<std::string>& arguments) {
  std::string command = shell_quote(fake_measurer_path()) + " --capacity " +
                        codec::to_compact_json(Json::Value(capacity_pps));
  for (const auto& argument : arguments) command += " " + shell_quote(argument);
  Json::Value measurer(Json::objectValue);
  measurer["kind"] = "exec";
  measurer["command"] = command;
  return measurer;
}

}  // namespace trexsearch::servicetest

namespace trexsearch::servicetest {

Json::Value filling_plr_job() {
  Json::Value job(Json::objectValue);
  job["method"] = "plr";
  job["spec"]["min_load"] = 10000.0;
  job["spec"]["max_load"] = 2e6;
  job["spec"]["trial_duration_first"] = 1.0;
  job["spec"]["trial_duration_increment"] = 0.0;
  job["spec"]["time_budget"] = 1e6;
  job["spec"]["samples_per_trial"] = 20;
  job["measurer"] = sim_measurer(1e6);
  job["measurer"]["model"] = "soak";
  return job;
}

Json::Value submit_arguments(const Json::Value& spec, const Json::Value& measurer) {
  Json::Value arguments(Json::objectValue);
  arguments["spec"] = spec;
  arguments["measurer"] = measurer;
  return arguments;
}

Json::Value deterministic_plr_submit(Json::Value measurer) {
  Json::Value spec(Json::objectValue);
  spec["min_load"] = 10000.0;
  spec["max_load"] = 2e6;
  spec["trial_duration_first"] = 1.0;
  spec["trial_duration_increment"] = 1.0;
  spec["time_budget"] = 60.0;
  spec["samples_per_trial"] = 2000;
  spec["samples_per_chunk"] = 1000;
  spec["seed"] = 11;
  measurer["time"] = "virtual";
  Json::Value submit = submit_arguments(spec, measurer);
  submit["method"] = "plr";
  return submit;
}

std::string example_profile_path() {
  return trexsearch::testing::build_paths::source_file("etc/profiles/ipv4-udp-64b-bidir.json");
}

void set_inline_profile(Json::Value& measurer, const std::string& path) {
  measurer["profile"] = codec::parse_strict_json(read_file(path), path);
  measurer["profile_source"] = path;
}

std::string inline_profile_members(const std::string& path) {
  return "\"profile\": " + codec::to_compact_json(codec::parse_strict_json(read_file(path), path)) +
         ", \"profile_source\": " + codec::to_compact_json(Json::Value(path));
}

}  // namespace trexsearch::servicetest
