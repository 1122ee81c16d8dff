// The trex-emulator executable: endpoints on stdout, options, fault control over the
// RPC socket, SIGHUP restart, clean exit on SIGTERM.
#include <doctest/doctest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/build_paths.hpp"
#include "tests/support/pipe_lines.hpp"
#include "trex_client/api/trex_api.hpp"
#include "trex_client/transport/zmq_rpc_channel.hpp"
#include "trex_emulator/server/command_line.hpp"

extern char** environ;

using namespace trexsearch::trex;
using trexsearch::measure::Seconds;

namespace {

// A child process with its stdout and stderr on pipes.
class Child {
 public:
  explicit Child(std::vector<std::string> args) {
    int out[2];
    int err[2];
    REQUIRE(pipe(out) == 0);
    REQUIRE(pipe(err) == 0);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err[1], 2);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    posix_spawn_file_actions_addclose(&actions, err[0]);
    args.insert(args.begin(), trexsearch::testing::build_paths::emulator_bin());
    std::vector<char*> argv;
    for (std::string& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    REQUIRE(posix_spawn(&pid_, trexsearch::testing::build_paths::emulator_bin().c_str(), &actions,
                        nullptr, argv.data(), environ) == 0);
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    close(err[1]);
    out_ = out[0];
    err_ = err[0];
  }
  ~Child() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    close(out_);
    close(err_);
  }

  // One line of stdout, waiting at most `timeout` (polling the pipe, no sleeps).
  std::string read_line(std::chrono::milliseconds timeout = std::chrono::milliseconds(5000)) {
    return trexsearch::testing::read_pipe_line(out_, buffer_, timeout);
  }

  std::string read_all_stderr() {
    std::string text;
    char chunk[256];
    ssize_t n = 0;
    while ((n = read(err_, chunk, sizeof chunk)) > 0)
      text.append(chunk, static_cast<std::size_t>(n));
    return text;
  }

  int wait_exit() {
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  void signal(int number) { kill(pid_, number); }

 private:
  pid_t pid_ = -1;
  int out_ = -1;
  int err_ = -1;
  std::string buffer_;
};

// parse_command_line in-process: the options, or the exit code and what went to stderr.
struct Parsed {
  emu::CommandLine command;
  std::string out;
  std::string err;
};

Parsed parse(std::vector<std::string> args) {
  args.insert(args.begin(), "trex-emulator");
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  std::ostringstream out;
  std::ostringstream err;
  Parsed parsed{emu::parse_command_line(static_cast<int>(argv.size()), argv.data(), out, err), "",
                ""};
  parsed.out = out.str();
  parsed.err = err.str();
  return parsed;
}

std::string endpoint_of(const std::string& line, const std::string& name) {
  REQUIRE_MESSAGE(line.starts_with(name + " tcp://127.0.0.1:"), line);
  return line.substr(name.size() + 1);
}

}  // namespace

TEST_CASE("trex-emulator serves on ephemeral ports, restarts on SIGHUP, exits on SIGTERM") {
  Child child({"--rpc-port", "0", "--pub-port", "0", "--speed", "100", "--sut", "sharp",
               "--sut-option", "capacity_pps=5e5", "--ports", "4"});
  const std::string rpc = endpoint_of(child.read_line(), "rpc");
  endpoint_of(child.read_line(), "pub");

  TrexApi api(std::make_unique<ZmqRpcChannel>(rpc), Seconds{2.0});
  const std::string first = api.api_sync_v2();
  CHECK(api.get_system_info().port_count == 4);
  const OwnedPort port = api.acquire({3, "cli", 9, false});
  CHECK(api.get_port_status(3).owner == "cli");

  child.signal(SIGHUP);
  // The signal is handled asynchronously; stdout says when the restart is done.
  REQUIRE(child.read_line() == "restarted");
  // The old handle is now refused.
  try {
    api.get_port_status(3);
    FAIL("old api handle accepted after restart");
  } catch (const TrexError& error) {
    CHECK(error.is_api_verification_failure());
  }
  CHECK(api.api_sync_v2() != first);
  CHECK(api.get_port_status(3).owner.empty());

  child.signal(SIGTERM);
  CHECK(child.wait_exit() == 0);
  const std::string log = child.read_all_stderr();
  CHECK(log.find("<5>trex-emulator restart (SIGHUP)") != std::string::npos);
}

TEST_CASE("emulator_control injects faults into the executable's replies") {
  Child child({"--rpc-port", "0", "--pub-port", "0"});
  const std::string rpc = endpoint_of(child.read_line(), "rpc");
  ZmqRpcChannel channel(rpc, {false});
  const std::string reply = channel.exchange(
      R"({"jsonrpc":"2.0","id":1,"method":"emulator_control","params":{"drop_replies":1}})",
      "emulator_control", Seconds{2.0});
  CHECK(reply.find("\"result\"") != std::string::npos);
  CHECK_THROWS_AS(channel.exchange(R"({"jsonrpc":"2.0","id":2,"method":"ping","params":{}})",
                                   "ping", Seconds{0.1}),
                  TrexError);
  CHECK(
      channel
          .exchange(R"({"jsonrpc":"2.0","id":3,"method":"ping","params":{}})", "ping", Seconds{2.0})
          .find("\"ts\"") != std::string::npos);
  child.signal(SIGINT);
  CHECK(child.wait_exit() == 0);
}

TEST_CASE("bad options are refused naming the option, with exit code 2") {
  struct Case {
    std::vector<std::string> args;
    const char* expected;
  };
  const Case cases[] = {
      {{"--ports", "3"}, "ports = 3"},
      {{"--sut", "magic"}, "sut = magic"},
      {{"--sut-option", "capacity_pps=fast"}, "--sut-option capacity_pps = fast"},
      {{"--sut-option", "colour=1"}, "colour"},
      {{"--speed", "0"}, "speed = 0"},
      {{"--frobnicate"}, "frobnicate"},
      {{"--sut-port-option", "2:capacity_pps=1"},
       "--sut-port-option = 2:capacity_pps=1: port 2 does not exist; ports are 0..1"},
      {{"--sut-port-option", "x:capacity_pps=1"},
       "--sut-port-option = x:capacity_pps=1: expected PORT:NAME=VALUE"},
      {{"--sut-port-option", "1capacity_pps=1"}, "--sut-port-option = 1capacity_pps=1"},
      {{"--sut-port-option", "1:capacity_pps=fast"}, "--sut-port-option 1:capacity_pps = fast"},
      {{"--sut-port-option", "1:colour=1"}, "sut_port_options[1] = {colour=1}"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.expected);
    Child child(c.args);
    CHECK(child.wait_exit() == 2);
    CHECK(child.read_all_stderr().find(c.expected) != std::string::npos);
  }
}

TEST_CASE("--sut-port-option gives one direction its own SUT options over --sut-option") {
  // Port 3 does not exist with the default 2 ports.
  CHECK(parse({"--sut-port-option", "3:capacity_pps=2e6"}).command.exit_code == 2);
  const Parsed four = parse({"--ports", "4", "--sut", "noisy", "--sut-option", "capacity_pps=1e6",
                             "--sut-option", "noise=0.01", "--sut-port-option",
                             "1:capacity_pps=2e6", "--sut-port-option", "3:noise=0"});
  REQUIRE_MESSAGE(!four.command.exit_code, four.err);
  const emu::EmulatorOptions& o = four.command.options;
  CHECK(o.sut_options_for(0) ==
        trexsearch::sim::SutOptions{{"capacity_pps", 1e6}, {"noise", 0.01}});
  CHECK(o.sut_options_for(1) ==
        trexsearch::sim::SutOptions{{"capacity_pps", 2e6}, {"noise", 0.01}});
  CHECK(o.sut_options_for(3) == trexsearch::sim::SutOptions{{"capacity_pps", 1e6}, {"noise", 0.0}});
}

TEST_CASE("--no-flow-stats and --link-speed-gbps reach the options; --help lists them") {
  const Parsed parsed = parse({"--no-flow-stats", "--link-speed-gbps", "25"});
  REQUIRE_MESSAGE(!parsed.command.exit_code, parsed.err);
  CHECK_FALSE(parsed.command.options.flow_stats);
  CHECK(parsed.command.options.link_speed_gbps == 25.0);
  CHECK(parse({}).command.options.flow_stats);
  const Parsed help = parse({"--help"});
  CHECK(help.command.exit_code == 0);
  for (const char* option : {"--no-flow-stats", "--sut-port-option", "--link-speed-gbps",
                             "--max-tx-pps", "--dut-frames-per-run"}) {
    CAPTURE(option);
    CHECK(help.out.find(option) != std::string::npos);
  }
}

TEST_CASE("--hdrh, --no-latency and the --latency-* model options reach the options") {
  const Parsed parsed =
      parse({"--hdrh", "--no-latency", "--latency-base-us", "30", "--latency-drift-us-per-hour",
             "2.5", "--latency-loss-ratio", "0.1", "--sut-port-option", "1:latency_base_us=45"});
  REQUIRE_MESSAGE(!parsed.command.exit_code, parsed.err);
  const emu::EmulatorOptions& o = parsed.command.options;
  CHECK(o.hdrh);
  CHECK_FALSE(o.latency_caps);
  CHECK(o.sut_options_for(0).at("latency_base_us") == 30.0);
  CHECK(o.sut_options_for(0).at("latency_drift_us_per_hour") == 2.5);
  CHECK(o.sut_options_for(0).at("latency_loss_ratio") == 0.1);
  CHECK(o.sut_options_for(1).at("latency_base_us") == 45.0);
  const Parsed plain = parse({});
  CHECK_FALSE(plain.command.options.hdrh);
  CHECK(plain.command.options.latency_caps);
  // Out of range, and the rate that only the profile sets.
  const Parsed negative = parse({"--latency-base-us", "-1"});
  CHECK(negative.command.exit_code == 2);
  CHECK(negative.err.find("latency_base_us = -1") != std::string::npos);
  const Parsed rate = parse({"--sut-option", "latency_rate_pps=9000"});
  CHECK(rate.command.exit_code == 2);
  CHECK(rate.err.find("the profile's latency streams set their rate") != std::string::npos);
  const Parsed help = parse({"--help"});
  for (const char* option : {"--hdrh", "--no-latency", "--latency-base-us", "--latency-service-us",
                             "--latency-buffer-us", "--latency-tail-ratio", "--latency-tail-us",
                             "--latency-drift-us-per-hour", "--latency-loss-ratio"}) {
    CAPTURE(option);
    CHECK(help.out.find(option) != std::string::npos);
  }
  CHECK(help.out.find("--latency-rate-pps") == std::string::npos);
}

TEST_CASE("trex-emulator --astf: the ASTF options parse, and SIGUSR1 flushes the SUT sessions") {
  const Parsed parsed = parse({"--astf", "--astf-sut-cps", "2e4", "--astf-sut-sessions", "64512",
                               "--astf-sut-session-timeout", "240", "--astf-max-cps", "1e6"});
  REQUIRE_FALSE(parsed.command.exit_code);
  CHECK(parsed.command.options.astf);
  CHECK(parsed.command.options.astf_sut.cps == 2e4);
  CHECK(parsed.command.options.astf_sut.sessions == 64512u);
  CHECK(parsed.command.options.astf_sut.session_timeout_s == 240.0);
  CHECK(parsed.command.options.astf_max_cps == 1e6);
  const Parsed bad = parse({"--astf", "--astf-sut-cps", "-5"});
  CHECK(bad.command.exit_code == 2);
  CHECK(bad.err.find("astf_sut_cps = -5: must be > 0") != std::string::npos);

  Child child({"--astf", "--rpc-port", "0", "--pub-port", "0", "--astf-sut-sessions", "10"});
  endpoint_of(child.read_line(), "rpc");
  endpoint_of(child.read_line(), "pub");
  child.signal(SIGUSR1);
  REQUIRE(child.read_line() == "flushed");
  child.signal(SIGHUP);
  REQUIRE(child.read_line() == "restarted");
}
