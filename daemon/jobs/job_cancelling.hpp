#pragma once

#include <string>

#include "daemon/model/job_record.hpp"

namespace trexsearch::service {

/// What `cancel` did.
enum class CancelOutcome {
  cancelled,  ///< it was queued; now it is cancelled
  stopping,   ///< it is running; its stop token is triggered, it ends shortly
};

/// Cancelling a queued or running job (`cancel`).
class JobCancelling {
 public:
  virtual ~JobCancelling() = default;

  /// Throws RequestError(not_found) or (conflict) when the job is already over.
  virtual CancelOutcome cancel(JobId id, const std::string& cancelled_by) = 0;
};

}  // namespace trexsearch::service
