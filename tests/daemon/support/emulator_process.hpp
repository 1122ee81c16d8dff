#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

namespace trexsearch::servicetest {

/// The real trex-emulator executable on ephemeral loopback ports: its stdout is read
/// line by line (readiness and `restarted` come from there, never from a sleep), its
/// stderr goes to a file. Killed at scope end.
class EmulatorProcess {
 public:
  /// Starts `trex-emulator --rpc-port 0 --pub-port 0 args...` and reads its
  /// `rpc ...` and `pub ...` lines.
  EmulatorProcess(const std::string& log_file, std::vector<std::string> args);
  ~EmulatorProcess();
  EmulatorProcess(const EmulatorProcess&) = delete;
  EmulatorProcess& operator=(const EmulatorProcess&) = delete;

  /// "tcp://127.0.0.1:PORT" (empty when the emulator did not start).
  const std::string& rpc_endpoint() const { return rpc_; }
  /// The next stdout line; "(timeout)" or "(eof)" otherwise.
  std::string read_line(std::chrono::milliseconds timeout);
  void send_signal(int signal) const;
  /// One `emulator_control` request (docs/trex-emulator.md "Fault injection"), e.g.
  /// `{"link_down": 1}`; fails the test unless the emulator answers with a result.
  void control(const std::string& params_json) const;
  /// SIGKILL and reap: TRex is gone, its port closed, nothing answers any more.
  void kill_for_good();

 private:
  pid_t pid_ = -1;
  int out_ = -1;
  std::string buffer_;
  std::string rpc_;
};

}  // namespace trexsearch::servicetest
