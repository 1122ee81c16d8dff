#pragma once

#include <sys/types.h>

#include <cstddef>
#include <string>
#include <vector>

#include "daemon/model/job_record.hpp"

namespace trexsearch::service {

/// A testbed as `status` shows it (docs/testbeds.md).
struct TestbedInfo {
  std::string name;
  std::string endpoint;
  /// "0,1".
  std::string ports;
};

/// Facts about the daemon that `version` and `status` report.
struct DaemonInfo {
  std::string version;
  pid_t pid = 0;
  WallTime started_at{};
  std::string socket_path;
  std::string state_dir;
  /// The config's testbed sections; empty without any (one implicit testbed).
  std::vector<TestbedInfo> testbeds;
};

/// Live numbers from the control server for `status`.
struct ServerStats {
  std::size_t clients = 0;
  std::size_t max_clients = 0;
  std::size_t max_clients_per_user = 0;
  /// Replies and events waiting for clients to read them [bytes], and the budget.
  std::size_t output_bytes = 0;
  std::size_t max_output_bytes = 0;
  /// Clients whose requests are not read until they read their output.
  std::size_t blocked = 0;
};

}  // namespace trexsearch::service
