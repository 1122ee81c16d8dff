#pragma once

#include <cstddef>
#include <string>

#include "daemon/model/job_record.hpp"
#include "daemon/model/job_spec.hpp"
#include "daemon/model/suite_record.hpp"
#include "daemon/model/suite_spec.hpp"

namespace trexsearch::service {

/// What `submit` answers.
struct SubmitReceipt {
  JobId id = 0;
  /// 1-based place in the queue (1: next to run).
  std::size_t queue_position = 0;
};

/// What `submit_suite` answers.
struct SuiteReceipt {
  SuiteRecord suite;  ///< with its job ids, in suite order
  /// The first job's 1-based place in the queue; the others follow it.
  std::size_t queue_position = 0;
};

/// Submitting jobs (`submit`, `submit_suite`). Errors are RequestErrors carrying
/// the reply code (busy, unsupported, permission_denied, error).
class JobSubmission {
 public:
  virtual ~JobSubmission() = default;

  /// Stores and queues a validated job. `submitted_by` describes the peer.
  virtual SubmitReceipt submit(const JobSpec& spec, const std::string& submitted_by) = 0;
  /// Stores a suite and queues all its jobs together, or none of them (busy when
  /// the queue has no room for all). Fakes without a store answer `unsupported`.
  virtual SuiteReceipt submit_suite(const SuiteSpec& suite, const std::string& submitted_by);
};

}  // namespace trexsearch::service
