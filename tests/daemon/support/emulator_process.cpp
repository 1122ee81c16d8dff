#include "tests/daemon/support/emulator_process.hpp"

#include "tests/support/pipe_lines.hpp"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include "tests/support/build_paths.hpp"
#include "trex_client/transport/zmq_rpc_channel.hpp"

extern char** environ;

namespace trexsearch::servicetest {

EmulatorProcess::EmulatorProcess(const std::string& log_file, std::vector<std::string> args) {
  int out[2];
  REQUIRE(pipe(out) == 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  posix_spawn_file_actions_addopen(&actions, 2, log_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  args.insert(args.begin(), {trexsearch::testing::build_paths::emulator_bin(), "--rpc-port", "0",
                             "--pub-port", "0"});
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  const int spawned = posix_spawn(&pid_, trexsearch::testing::build_paths::emulator_bin().c_str(),
                                  &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  out_ = out[0];
  REQUIRE(spawned == 0);
  const std::string rpc = read_line(std::chrono::milliseconds(10000));
  REQUIRE_MESSAGE(rpc.starts_with("rpc tcp://"), rpc);
  rpc_ = rpc.substr(4);
  const std::string pub = read_line(std::chrono::milliseconds(10000));
  REQUIRE_MESSAGE(pub.starts_with("pub "), pub);
}

EmulatorProcess::~EmulatorProcess() {
  kill_for_good();
  if (out_ >= 0) close(out_);
}

void EmulatorProcess::kill_for_good() {
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
}

std::string EmulatorProcess::read_line(std::chrono::milliseconds timeout) {
  return testing::read_pipe_line(out_, buffer_, timeout);
}

void EmulatorProcess::send_signal(int signal) const {
  if (pid_ > 0) kill(pid_, signal);
}

void EmulatorProcess::control(const std::string& params_json) const {
  trex::ZmqRpcChannel channel(rpc_, {false});
  const std::string reply = channel.exchange(
      R"({"jsonrpc":"2.0","id":1,"method":"emulator_control","params":)" + params_json + "}",
      "emulator_control", measure::Seconds{5.0});
  REQUIRE_MESSAGE(reply.find("\"result\"") != std::string::npos, reply);
}

}  // namespace trexsearch::servicetest
