#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "daemon/cli/analysis/export_filter.hpp"
#include "daemon/cli/client/job_listing.hpp"
#include "daemon/cli/command/job_reference.hpp"
#include "daemon/cli/replies/job_values.hpp"
#include "daemon/protocol/document.hpp"

namespace trexsearch::cli {

struct ClientCall;

// Where `list`, `trend`, `compare` and `export` read stored jobs: one trex-searchd over
// its socket (socket_job_source.hpp), or with --db the fleet database of every
// tester (fleet_job_source.hpp, docs/fleet.md). Both give the socket's own replies, so
// each command's logic is written once, against this.

/// Which jobs.
struct JobQuery {
  ExportFilter filter;
  /// Only jobs of this name, exactly (trend: no glob); the fleet asks the server.
  std::optional<std::string> exact_name;
  std::optional<std::string> tester;  ///< the fleet's testers only
  std::optional<std::string> testbed;
  /// Set: only the newest this many, newest first (`list`).
  std::optional<std::size_t> newest;
};

class JobSource {
 public:
  virtual ~JobSource() = default;

  /// The jobs that pass `query`, oldest first (the fleet: tester by tester, in name
  /// order), unless `query.newest`.
  virtual std::vector<SourcedJob> jobs(const JobQuery& query) = 0;
  /// Each job's values (its result's, or its state alone), in the order given;
  /// nullopt for a job that is not (or no longer) stored.
  virtual std::vector<std::optional<JobValues>> values(const std::vector<JobRef>& jobs) = 0;
  /// `show`'s arguments for the job, with its trials and hook runs when asked;
  /// nullopt when it is not stored.
  virtual std::optional<protocol::Document> shown(const JobRef& job, bool with_trials,
                                                  bool with_hooks) = 0;
  /// `result`'s arguments: nullopt when the job is not stored, an empty inner optional
  /// when it has no result.
  virtual std::optional<std::optional<protocol::Document>> result(const JobRef& job) = 0;
  /// Who is asked, as error messages name it: "trex-searchd", or the fleet database
  /// with its server (no password).
  virtual std::string name() const = 0;
  /// Whether jobs come from the fleet (they have testers).
  virtual bool fleet() const = 0;
};

/// The source `call` asks for: the fleet database with --db (connected, its schema
/// checked), else the daemon's socket. `list_limit`: the socket's `list` page size.
/// Throws std::runtime_error naming the socket or the server when it cannot connect.
std::unique_ptr<JobSource> open_job_source(const ClientCall& call, int list_limit = kListLimit);

}  // namespace trexsearch::cli
