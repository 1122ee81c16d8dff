#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "trex_emulator/model/emulator_options.hpp"
#include "trex_emulator/model/fault_plan.hpp"

namespace zmq {
class context_t;
class socket_t;
}  // namespace zmq

namespace trexsearch::trex::emu {

/// The trex-emulator's sockets and event loop on a thread of its own: a ROUTER socket
/// serving TRex's JSON-RPC (REQ clients cannot tell it from TRex's REP) and a PUB
/// socket publishing "{}" wake-ups on events and barriers, and trex-global stats every
/// 500 ms. All emulator state is owned by that thread; other threads only touch the
/// fault plan and read counters.
class EmulatorServer {
 public:
  /// Validates the options, binds both sockets and starts serving. Throws ConfigError
  /// for bad options, std::runtime_error when a socket cannot be bound.
  explicit EmulatorServer(EmulatorOptions options);
  /// Stops the thread and closes the sockets.
  ~EmulatorServer();

  EmulatorServer(const EmulatorServer&) = delete;
  EmulatorServer& operator=(const EmulatorServer&) = delete;

  /// The bound RPC endpoint with the actual port, e.g. "tcp://127.0.0.1:38211".
  const std::string& rpc_endpoint() const { return rpc_endpoint_; }
  /// The bound PUB endpoint with the actual port.
  const std::string& pub_endpoint() const { return pub_endpoint_; }

  /// Fault injection: drop, delay or corrupt replies; restart.
  FaultPlan& faults() { return faults_; }
  /// Restarts the emulated TRex before the next request (all sessions and handles
  /// forgotten, counters zero), as if the process had been restarted.
  void restart() { faults_.request_restart(); }
  /// ASTF: every port pair's SUT forgets its sessions (SIGUSR1; CSIT's resetter
  /// flushing NAT sessions). Returns once the server thread has done it (at most 5 s
  /// real time); requests sent after it see the empty tables. A no-op in STL mode.
  void flush_sut_sessions();

  /// Requests handled so far (batches count once).
  std::uint64_t requests() const { return requests_.load(); }
  /// Traffic runs that ended by themselves so far (each one SUT trial per port).
  std::uint64_t completed_runs() const { return completed_runs_.load(); }
  /// Restarts performed so far.
  std::uint64_t restarts() const { return restarts_.load(); }
  /// SUT session flushes performed so far.
  std::uint64_t flushes() const { return flushes_.load(); }

 private:
  /// The server thread's loop and what it holds (emulator_server.cpp).
  class Loop;
  void run();

  EmulatorOptions options_;
  FaultPlan faults_;
  std::unique_ptr<zmq::context_t> context_;
  std::unique_ptr<zmq::socket_t> router_;
  std::unique_ptr<zmq::socket_t> publisher_;
  std::unique_ptr<zmq::socket_t> wake_receiver_;
  std::unique_ptr<zmq::socket_t> wake_sender_;
  std::string rpc_endpoint_;
  std::string pub_endpoint_;
  std::atomic<bool> stop_{false};
  std::atomic<std::uint64_t> requests_{0};
  std::atomic<std::uint64_t> completed_runs_{0};
  std::atomic<std::uint64_t> restarts_{0};
  std::atomic<std::uint64_t> flushes_{0};
  std::mutex flush_mutex_;
  std::condition_variable flushed_;
  std::thread thread_;
};

}  // namespace trexsearch::trex::emu
