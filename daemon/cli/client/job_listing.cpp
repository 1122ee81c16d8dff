#include "daemon/cli/client/job_listing.hpp"

#include <algorithm>

#include "daemon/cli/command/client_connection.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"
#include "daemon/protocol/replies/reply_codec.hpp"

namespace trexsearch::cli {

std::vector<protocol::JobSummary> matching_jobs(ControlConnection& connection,
                                                const ExportFilter& filter, int list_limit) {
  protocol::ListRequest list{std::nullopt, static_cast<std::size_t>(list_limit), std::nullopt};
  if (filter.states.size() == 1)
    list.state = protocol::job_state_from_string(filter.states.front());
  const auto listed = protocol::decode_reply<protocol::ListReply>(connection.send(list).arguments);
  std::vector<protocol::JobSummary> jobs;
  std::int64_t oldest = 0;
  for (const protocol::JobSummary& job : listed.jobs) {
    if (filter.matches(job)) jobs.push_back(job);
    oldest = oldest == 0 ? job.id : std::min(oldest, job.id);
  }
  if (listed.jobs.size() >= static_cast<std::size_t>(list_limit)) {
    // Job ids only grow, and so do creation times: walk down from the oldest listed
    // one until the jobs are older than --since. Deleted ids are not_found.
    for (std::int64_t id = oldest - 1; id >= 1; --id) {
      const protocol::Response shown = connection.try_send(protocol::ShowRequest{id, false});
      if (shown.result == protocol::ResultCode::not_found) continue;
      if (shown.result != protocol::ResultCode::success) {
        throw DaemonRefused(shown.result, shown.text);
      }
      const protocol::JobSummary job =
          protocol::decode_reply<protocol::ShowReply>(shown.arguments).job;
      if (filter.since && created_at_of(job) < *filter.since) break;
      if (filter.matches(job)) jobs.push_back(job);
    }
  }
  std::sort(
      jobs.begin(), jobs.end(),
      [](const protocol::JobSummary& a, const protocol::JobSummary& b) { return a.id < b.id; });
  return jobs;
}

std::optional<JobValues> stored_job_values(ControlConnection& connection, std::int64_t job) {
  const protocol::Response result = connection.try_send(protocol::ResultRequest{job});
  if (result.result == protocol::ResultCode::success) {
    return job_values(protocol::decode_reply<protocol::ResultReply>(result.arguments));
  }
  if (result.result == protocol::ResultCode::not_found) return std::nullopt;
  if (result.result != protocol::ResultCode::conflict) {
    throw DaemonRefused(result.result, result.text);
  }
  // No result (yet): the job object alone, for its state and reason.
  const protocol::Response shown = connection.try_send(protocol::ShowRequest{job, false});
  if (shown.result == protocol::ResultCode::not_found) return std::nullopt;
  if (shown.result != protocol::ResultCode::success) throw DaemonRefused(shown.result, shown.text);
  return job_values(protocol::decode_reply<protocol::ShowReply>(shown.arguments).job);
}

}  // namespace trexsearch::cli
