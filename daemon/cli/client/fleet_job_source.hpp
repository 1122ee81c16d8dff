#pragma once

#include <chrono>
#include <string>

#include "daemon/cli/client/job_source.hpp"
#include "daemon/fleet/fleet_reader.hpp"
#include "daemon/fleet/pg_connection.hpp"

namespace trexsearch::cli {

/// Every tester's stored jobs in the fleet database (docs/fleet.md), read with
/// fleet::FleetReader: the replicated `show` and `result` documents, decoded by the
/// protocol's codecs as the socket's replies are. Jobs carry their tester.
class FleetJobSource : public JobSource {
 public:
  /// Connects (each wait bounded by `timeout`, the CLI's --timeout) and checks the
  /// schema version. Throws std::runtime_error naming the server (redacted) and why.
  FleetJobSource(const std::string& conninfo, std::chrono::milliseconds timeout);

  std::vector<SourcedJob> jobs(const JobQuery& query) override;
  std::vector<std::optional<JobValues>> values(const std::vector<JobRef>& jobs) override;
  std::optional<protocol::Document> shown(const JobRef& job, bool with_trials,
                                          bool with_hooks) override;
  std::optional<std::optional<protocol::Document>> result(const JobRef& job) override;
  std::string name() const override { return "fleet database " + server_; }
  bool fleet() const override { return true; }

 private:
  /// Runs `read`, turning the reader's errors into std::runtime_error naming the
  /// server.
  template <class Read>
  auto guarded(Read&& read);

  std::string server_;  ///< fleet::redacted_conninfo
  fleet::PgConnection connection_;
  fleet::FleetReader reader_;
};

}  // namespace trexsearch::cli
