#pragma once

#include <json/value.h>
#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "daemon/service/control_line_client.hpp"
#include "daemon/service/protocol.hpp"

namespace trexsearch::bench {

/// trex-searchd started in a fresh temp dir, ready (READY=1 on NOTIFY_SOCKET);
/// stopped with SIGTERM and its directory removed at scope end.
class DaemonUnderTest {
 public:
  explicit DaemonUnderTest(const std::vector<std::string>& extra_args = {});
  ~DaemonUnderTest();
  DaemonUnderTest(const DaemonUnderTest&) = delete;
  DaemonUnderTest& operator=(const DaemonUnderTest&) = delete;

  const std::string& socket() const { return socket_; }
  pid_t pid() const { return pid_; }
  /// VmRSS of the daemon [KiB].
  long rss_kib() const;

 private:
  std::string dir_;
  std::string socket_;
  pid_t pid_ = -1;
};

/// The shared line client (service::ControlLineClient), waiting as long as the
/// daemon takes: a bench measures, it does not judge.
class Client {
 public:
  explicit Client(const std::string& socket) : client_(socket) {}

  service::Response request(const std::string& command,
                            const Json::Value& arguments = Json::Value(Json::objectValue));
  /// The next `{"event": ...}` line; nullopt at EOF.
  std::optional<Json::Value> next_event() { return client_.next_event(std::nullopt); }

 private:
  service::ControlLineClient client_;
};

}  // namespace trexsearch::bench
