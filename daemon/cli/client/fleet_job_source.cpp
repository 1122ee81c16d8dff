#include "daemon/cli/client/fleet_job_source.hpp"

#include <map>
#include <stdexcept>
#include <utility>

#include "daemon/protocol/replies/job_replies_codec.hpp"

namespace trexsearch::cli {
namespace {

bool is_glob(const std::string& pattern) {
  return pattern.find_first_of("*?[") != std::string::npos;
}

/// What the server can filter of `query`; the rest (a --name glob, exact times) is
/// checked here on the jobs it returns.
fleet::FleetJobQuery server_query(const JobQuery& query) {
  const ExportFilter& filter = query.filter;
  fleet::FleetJobQuery server;
  server.tester = query.tester;
  server.testbed = query.testbed;
  server.name = query.exact_name;
  const bool glob = filter.name_pattern && is_glob(*filter.name_pattern);
  if (!server.name && filter.name_pattern && !glob) server.name = filter.name_pattern;
  server.method = filter.method;
  server.states = filter.states;
  server.since_unix_ms = filter.since;
  server.until_unix_ms = filter.until;
  server.newest_first = query.newest.has_value();
  if (!glob) server.limit = query.newest;
  return server;
}

}  // namespace

template <class Read>
auto FleetJobSource::guarded(Read&& read) {
  const auto failed = [&](const std::exception& error) {
    const std::string what = error.what();
    // libpq's connection errors name the server already.
    return std::runtime_error(what.find(server_) != std::string::npos
                                  ? "fleet database: " + what
                                  : "fleet database " + server_ + ": " + what);
  };
  try {
    return read();
  } catch (const fleet::PgError& error) {
    throw failed(error);
  } catch (const fleet::FleetDataError& error) {
    throw failed(error);
  }
}

FleetJobSource::FleetJobSource(const std::string& conninfo, std::chrono::milliseconds timeout)
    : server_(fleet::redacted_conninfo(conninfo)),
      connection_(fleet::PgSettings{.conninfo = conninfo, .timeout = timeout}),
      reader_(connection_) {
  guarded([&] { reader_.check_schema(); });
}

std::vector<SourcedJob> FleetJobSource::jobs(const JobQuery& query) {
  const std::vector<fleet::FleetJob> found =
      guarded([&] { return reader_.jobs(server_query(query)); });
  std::vector<SourcedJob> jobs;
  for (const fleet::FleetJob& job : found) {
    if (!query.filter.matches(job.job)) continue;
    if (query.exact_name && job.job.name != *query.exact_name) continue;
    if (query.newest && jobs.size() >= *query.newest) break;
    jobs.push_back({job.tester, job.job});
  }
  return jobs;
}

std::vector<std::optional<JobValues>> FleetJobSource::values(const std::vector<JobRef>& jobs) {
  // One query per tester, not per job: a trend reads a whole history.
  std::map<std::string, std::vector<std::int64_t>> by_tester;
  for (const JobRef& job : jobs) {
    if (job.tester) by_tester[*job.tester].push_back(job.id);
  }
  std::map<std::pair<std::string, std::int64_t>, JobValues> found;
  // Not a structured binding: clang 14 refuses one captured by the lambda.
  for (const auto& entry : by_tester) {
    const std::string& tester = entry.first;
    const std::vector<std::int64_t>& ids = entry.second;
    for (fleet::FleetStoredJob& stored : guarded([&] { return reader_.stored(tester, ids); })) {
      JobValues values = stored.result ? job_values(*stored.result) : job_values(stored.shown.job);
      values.tester = tester;
      found.emplace(std::pair(tester, stored.id), std::move(values));
    }
  }
  std::vector<std::optional<JobValues>> values;
  values.reserve(jobs.size());
  for (const JobRef& job : jobs) {
    const auto at = job.tester ? found.find({*job.tester, job.id}) : found.end();
    values.push_back(at == found.end() ? std::nullopt : std::optional(at->second));
  }
  return values;
}

std::optional<protocol::Document> FleetJobSource::shown(const JobRef& job, bool with_trials,
                                                        bool with_hooks) {
  if (!job.tester) return std::nullopt;
  const auto shown =
      guarded([&] { return reader_.show(*job.tester, job.id, with_trials, with_hooks); });
  if (!shown) return std::nullopt;
  return protocol::encode_reply(*shown);
}

std::optional<std::optional<protocol::Document>> FleetJobSource::result(const JobRef& job) {
  using Found = std::optional<std::optional<protocol::Document>>;
  if (!job.tester) return std::nullopt;
  const auto result = guarded([&] { return reader_.result(*job.tester, job.id); });
  if (!result) return std::nullopt;
  if (!*result) return Found(std::in_place);
  return Found(std::in_place, protocol::encode_reply(**result));
}

}  // namespace trexsearch::cli
