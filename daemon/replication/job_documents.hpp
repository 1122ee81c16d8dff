#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "daemon/fleet/fleet_writer.hpp"
#include "daemon/model/job_record.hpp"
#include "daemon/protocol/envelope.hpp"
#include "daemon/protocol/replies/replies.hpp"

namespace trexsearch::service {

/// Answers one socket request inside the daemon (its dispatcher, on the replicator's
/// own store connection): the fleet gets exactly what `show` and `result` answer.
using LocalQuery = std::function<protocol::Response(const protocol::Request&)>;

/// A job as the fleet database keeps it, apart from its trials and hook runs.
struct JobDocuments {
  protocol::JobSummary summary;
  /// `show`'s arguments (without trials and hook runs).
  std::string job_json;
  /// `result`'s arguments, when the job has a result.
  std::optional<std::string> result_json;
  /// Set when it has a result: each goal's value as compare and trend take it.
  std::optional<std::vector<fleet::FleetGoalValue>> goal_values;
};

/// The job's documents through `query`; nullopt when the job is gone (deleted).
/// Throws std::runtime_error naming the job and the refusal otherwise.
std::optional<JobDocuments> job_documents(const LocalQuery& query, JobId job);

}  // namespace trexsearch::service
