#pragma once

#include <json/value.h>
#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "daemon/protocol/control_line_client.hpp"
#include "daemon/protocol/json_reply_codec.hpp"

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

/// The shared line client (protocol::ControlLineClient), waiting as long as the
/// daemon takes: a bench measures, it does not judge.
class Client {
 public:
  explicit Client(const std::string& socket) : client_(socket) {}

  protocol::JsonReply request(const std::string& command,
                              const Json::Value& arguments = Json::Value(Json::objectValue));
  /// The next event line as `{"event", "arguments"}`; nullopt at EOF.
  std::optional<Json::Value> next_event();

 private:
  protocol::ControlLineClient client_;
};

}  // namespace trexsearch::bench
