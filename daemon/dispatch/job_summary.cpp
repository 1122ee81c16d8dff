#include "daemon/dispatch/job_summary.hpp"

namespace trexsearch::service {
namespace {

std::optional<std::string> optional_utc(const std::optional<WallTime>& time) {
  if (!time) return std::nullopt;
  return format_utc(*time);
}

}  // namespace

protocol::JobSummary job_summary(const JobRecord& record) {
  protocol::JobSummary job;
  job.id = record.id;
  job.name = record.name;
  job.method = record.method;
  job.measurer = record.measurer_kind;
  job.state = record.state;
  job.reason = record.reason;
  job.created_at = format_utc(record.created_at);
  job.started_at = optional_utc(record.started_at);
  job.finished_at = optional_utc(record.finished_at);
  job.run_count = record.run_count;
  job.trial_count = record.trial_count;
  job.submitted_by = record.submitted_by;
  job.profile = record.profile;
  job.daemon_version = record.daemon_version;
  job.trex_version = record.trex_version;
  job.testbed = record.testbed;
  job.load_unit = record.load_unit;
  return job;
}

protocol::SuiteSummary suite_summary(const SuiteRecord& suite, std::size_t job_count) {
  return protocol::SuiteSummary{suite.id, suite.name, format_utc(suite.created_at),
                                suite.submitted_by, job_count};
}

}  // namespace trexsearch::service
