#include "daemon/replication/job_documents.hpp"

#include <stdexcept>

#include "daemon/cli/replies/job_values.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"
#include "daemon/protocol/replies/reply_codec.hpp"
#include "daemon/protocol/request_codec.hpp"

namespace trexsearch::service {
namespace {

template <class R>
protocol::Response ask(const LocalQuery& query, const R& typed) {
  return query(protocol::Request{protocol::RequestId{std::string("replication")},
                                 std::string(R::kCommand), protocol::encode_arguments(typed)});
}

[[noreturn]] void refused(JobId job, const char* command, const protocol::Response& response) {
  throw std::runtime_error("job " + std::to_string(job) + ": " + command + " refused (" +
                           std::string(protocol::to_string(response.result)) +
                           "): " + response.text);
}

// The value compare and trend read (cli::job_values, docs/trend.md), for Grafana.
std::vector<fleet::FleetGoalValue> goal_values_of(const protocol::ResultReply& reply) {
  const cli::JobValues values = cli::job_values(reply);
  std::vector<fleet::FleetGoalValue> goals;
  if (!values.has_values) return goals;
  for (const cli::GoalValue& goal : values.goals) {
    goals.push_back({goal.goal, goal.value_kind, goal.value_pps, goal.spread_low_pps,
                     goal.spread_high_pps, goal.stdev_pps, goal.clean(), goal.unclean_reason});
  }
  return goals;
}

}  // namespace

std::optional<JobDocuments> job_documents(const LocalQuery& query, JobId job) {
  const protocol::Response shown = ask(query, protocol::ShowRequest{job, false, false});
  if (shown.result == protocol::ResultCode::not_found) return std::nullopt;
  if (!shown.ok()) refused(job, "show", shown);
  JobDocuments documents;
  documents.summary = protocol::decode_reply<protocol::ShowReply>(shown.arguments).job;
  documents.job_json = protocol::to_compact_text(shown.arguments);
  const protocol::Response result = ask(query, protocol::ResultRequest{job});
  if (result.result == protocol::ResultCode::not_found) return std::nullopt;
  if (result.ok()) {
    documents.result_json = protocol::to_compact_text(result.arguments);
    documents.goal_values =
        goal_values_of(protocol::decode_reply<protocol::ResultReply>(result.arguments));
  } else if (result.result != protocol::ResultCode::conflict) {  // conflict: no result yet
    refused(job, "result", result);
  }
  return documents;
}

}  // namespace trexsearch::service
