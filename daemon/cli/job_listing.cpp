#include "daemon/cli/job_listing.hpp"

#include <algorithm>

#include "daemon/cli/client_connection.hpp"
#include "daemon/cli/client_options.hpp"
#include "daemon/protocol/job_summary_codec.hpp"

namespace trexsearch::cli {
namespace {

// The daemon's JOB object, typed for the filter (the callers still take the JSON).
protocol::JobSummary summary_of(const Json::Value& job) {
  return protocol::decode_job_summary(job, "job");
}

}  // namespace

std::vector<Json::Value> matching_jobs(ControlConnection& connection, const ExportFilter& filter,
                                       int list_limit) {
  protocol::ListRequest list{std::nullopt, static_cast<std::size_t>(list_limit)};
  if (filter.states.size() == 1)
    list.state = protocol::job_state_from_string(filter.states.front());
  const Json::Value listed = connection.call(list).arguments["jobs"];
  std::vector<Json::Value> jobs;
  std::int64_t oldest = 0;
  for (const Json::Value& job : listed) {
    if (filter.matches(summary_of(job))) jobs.push_back(job);
    const std::int64_t id = job["id"].asInt64();
    oldest = oldest == 0 ? id : std::min(oldest, id);
  }
  if (listed.size() >= static_cast<Json::ArrayIndex>(list_limit)) {
    // Job ids only grow, and so do creation times: walk down from the oldest listed
    // one until the jobs are older than --since. Deleted ids are not_found.
    for (std::int64_t id = oldest - 1; id >= 1; --id) {
      const protocol::JsonReply shown = connection.try_call(protocol::ShowRequest{id, false});
      if (shown.result == protocol::ResultCode::not_found) continue;
      if (shown.result != protocol::ResultCode::success) {
        throw DaemonRefused(shown.result, shown.text);
      }
      const Json::Value& job = shown.arguments["job"];
      const protocol::JobSummary summary = summary_of(job);
      if (filter.since && created_at_of(summary) < *filter.since) break;
      if (filter.matches(summary)) jobs.push_back(job);
    }
  }
  std::sort(jobs.begin(), jobs.end(), [](const Json::Value& a, const Json::Value& b) {
    return a["id"].asInt64() < b["id"].asInt64();
  });
  return jobs;
}

std::optional<Json::Value> job_with_result(ControlConnection& connection, std::int64_t job) {
  const protocol::JsonReply result = connection.try_call(protocol::ResultRequest{job});
  if (result.result == protocol::ResultCode::success) return result.arguments;
  if (result.result == protocol::ResultCode::not_found) return std::nullopt;
  if (result.result != protocol::ResultCode::conflict) {
    throw DaemonRefused(result.result, result.text);
  }
  // No result (yet): the job object alone, for its state and reason.
  const protocol::JsonReply shown = connection.try_call(protocol::ShowRequest{job, false});
  if (shown.result == protocol::ResultCode::not_found) return std::nullopt;
  if (shown.result != protocol::ResultCode::success) throw DaemonRefused(shown.result, shown.text);
  Json::Value arguments(Json::objectValue);
  arguments["job"] = shown.arguments["job"];
  return arguments;
}

}  // namespace trexsearch::cli
