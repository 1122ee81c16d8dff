// trex-emulator: serves TRex's stateless (or, with --astf, advanced stateful) JSON-RPC
// protocol with a simulated SUT behind every port pair. See docs/trex-emulator.md.
#include <csignal>
#include <iostream>

#include "trex_emulator/server/command_line.hpp"
#include "trex_emulator/server/emulator_server.hpp"

int main(int argc, char** argv) {
  using namespace trexsearch::trex::emu;
  // Block the signals we wait for before any thread starts, so that only sigwait
  // below receives them.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGHUP);
  sigaddset(&signals, SIGUSR1);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  const CommandLine command = parse_command_line(argc, argv, std::cout, std::cerr);
  if (command.exit_code) return *command.exit_code;
  try {
    EmulatorServer server(command.options);
    std::cerr << "<6>trex-emulator listening rpc=" << server.rpc_endpoint()
              << " pub=" << server.pub_endpoint() << " ports=" << command.options.port_count
              << " sut=" << command.options.sut_model << " speed=" << command.options.speed
              << " mode=" << (command.options.astf ? "ASTF" : "STL") << std::endl;
    // Scripts read the bound endpoints from stdout (useful with port 0 / "*").
    std::cout << "rpc " << server.rpc_endpoint() << "\npub " << server.pub_endpoint() << std::endl;
    for (;;) {
      int signal = 0;
      sigwait(&signals, &signal);
      if (signal == SIGHUP) {
        std::cerr << "<5>trex-emulator restart (SIGHUP): sessions and handles forgotten"
                  << std::endl;
        server.restart();
        // Scripts and tests wait for this line: the restart is complete.
        std::cout << "restarted" << std::endl;
        continue;
      }
      if (signal == SIGUSR1) {
        // ASTF: the SUTs forget their sessions (a test's before_trial hook, like CSIT's
        // resetter); done when the line is printed.
        server.flush_sut_sessions();
        std::cerr << "<5>trex-emulator SUT sessions flushed (SIGUSR1)" << std::endl;
        std::cout << "flushed" << std::endl;
        continue;
      }
      std::cerr << "<6>trex-emulator stopping" << std::endl;
      return 0;
    }
  } catch (const std::exception& error) {
    std::cerr << "<3>trex-emulator: " << error.what() << std::endl;
    return 1;
  }
}
