#pragma once

#include <cstddef>

#include "daemon/model/job_record.hpp"
#include "daemon/model/suite_record.hpp"
#include "daemon/protocol/replies/replies.hpp"

namespace trexsearch::service {

/// A job record as the protocol shows it (the `JOB` object): times as ISO 8601
/// UTC, the spec and settings left out.
protocol::JobSummary job_summary(const JobRecord& record);

/// A stored suite as `list_suites` and `show_suite` show it, with how many of its
/// jobs are left (`job_count`).
protocol::SuiteSummary suite_summary(const SuiteRecord& suite, std::size_t job_count);

}  // namespace trexsearch::service
