#include "daemon/cli/client/socket_job_source.hpp"

#include <algorithm>

#include "daemon/protocol/replies/reply_codec.hpp"

namespace trexsearch::cli {

SocketJobSource::SocketJobSource(const std::string& socket_path,
                                 std::chrono::milliseconds reply_timeout, int list_limit)
    : connection_(socket_path, reply_timeout), list_limit_(list_limit) {}

std::vector<SourcedJob> SocketJobSource::jobs(const JobQuery& query) {
  std::vector<SourcedJob> jobs;
  for (protocol::JobSummary& job : matching_jobs(connection_, query.filter, list_limit_)) {
    if (query.exact_name && job.name != *query.exact_name) continue;
    if (query.testbed && job.testbed != query.testbed) continue;
    jobs.push_back({std::nullopt, std::move(job)});
  }
  if (query.newest) {
    std::reverse(jobs.begin(), jobs.end());
    if (jobs.size() > *query.newest) jobs.resize(*query.newest);
  }
  return jobs;
}

std::vector<std::optional<JobValues>> SocketJobSource::values(const std::vector<JobRef>& jobs) {
  std::vector<std::optional<JobValues>> values;
  values.reserve(jobs.size());
  for (const JobRef& job : jobs) values.push_back(stored_job_values(connection_, job.id));
  return values;
}

std::optional<protocol::Document> SocketJobSource::shown(const JobRef& job, bool with_trials,
                                                         bool with_hooks) {
  const protocol::Response shown =
      connection_.try_send(protocol::ShowRequest{job.id, with_trials, with_hooks});
  if (shown.result == protocol::ResultCode::not_found) return std::nullopt;
  if (shown.result != protocol::ResultCode::success) throw DaemonRefused(shown.result, shown.text);
  return shown.arguments;
}

std::optional<std::optional<protocol::Document>> SocketJobSource::result(const JobRef& job) {
  const protocol::Response result = connection_.try_send(protocol::ResultRequest{job.id});
  using Found = std::optional<std::optional<protocol::Document>>;
  if (result.result == protocol::ResultCode::success) return Found(std::in_place, result.arguments);
  if (result.result == protocol::ResultCode::not_found) return std::nullopt;
  // conflict: the job has no result (yet).
  if (result.result != protocol::ResultCode::conflict) {
    throw DaemonRefused(result.result, result.text);
  }
  return Found(std::in_place);
}

}  // namespace trexsearch::cli
