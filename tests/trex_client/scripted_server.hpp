#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <thread>

// A minimal ZeroMQ server for transport tests: a ROUTER socket on tcp://127.0.0.1:*
// answering each request with whatever the script returns (nullopt: no answer), on
// its own thread. The script sees the raw request bytes (framing included).
class ScriptedServer {
 public:
  using Script = std::function<std::optional<std::string>(const std::string& request)>;

  explicit ScriptedServer(Script script);
  ~ScriptedServer();

  ScriptedServer(const ScriptedServer&) = delete;
  ScriptedServer& operator=(const ScriptedServer&) = delete;

  /// The bound endpoint, e.g. "tcp://127.0.0.1:41234".
  const std::string& endpoint() const { return endpoint_; }
  /// Requests received so far.
  int requests() const { return requests_.load(); }

 private:
  void run();

  Script script_;
  std::string endpoint_;
  std::atomic<bool> stop_{false};
  std::atomic<int> requests_{0};
  void* context_ = nullptr;
  void* socket_ = nullptr;
  std::thread thread_;
};
