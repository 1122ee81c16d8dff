#pragma once

#include <chrono>
#include <string>

#include "daemon/cli/client/job_source.hpp"
#include "daemon/cli/command/client_connection.hpp"

namespace trexsearch::cli {

/// One trex-searchd's stored jobs over its control socket: `list`, `show` and `result`
/// (job_listing.hpp), so the daemon needs no request of its own for them.
class SocketJobSource : public JobSource {
 public:
  /// Connects; throws std::runtime_error naming the socket and what to check.
  SocketJobSource(const std::string& socket_path, std::chrono::milliseconds reply_timeout,
                  int list_limit = kListLimit);

  std::vector<SourcedJob> jobs(const JobQuery& query) override;
  std::vector<std::optional<JobValues>> values(const std::vector<JobRef>& jobs) override;
  std::optional<protocol::Document> shown(const JobRef& job, bool with_trials,
                                          bool with_hooks) override;
  std::optional<std::optional<protocol::Document>> result(const JobRef& job) override;
  std::string name() const override { return "trex-searchd"; }
  bool fleet() const override { return false; }

 private:
  ControlConnection connection_;
  int list_limit_;
};

}  // namespace trexsearch::cli
