#pragma once

// The narrow interfaces a control-socket handler takes (job_submission.hpp,
// job_cancelling.hpp, job_watching.hpp, queue_view.hpp, store_health_view.hpp,
// job_store_access.hpp), and JobControl, all of them at once, for the dispatcher
// as it is today.

#include "daemon/jobs/job_cancelling.hpp"
#include "daemon/jobs/job_store_access.hpp"
#include "daemon/jobs/job_submission.hpp"
#include "daemon/jobs/job_watching.hpp"
#include "daemon/jobs/queue_view.hpp"
#include "daemon/store/store_health_view.hpp"

namespace trexsearch::service {

/// Every control-socket command that touches jobs: the narrow interfaces together.
/// Errors are RequestErrors carrying the reply code (not_found, conflict, busy,
/// unsupported, ...). Its JobStoreAccess side uses the io thread's store
/// connection; open_store_access() gives other threads their own.
class JobControl : public JobSubmission,
                   public JobCancelling,
                   public JobWatching,
                   public QueueView,
                   public StoreHealthView,
                   public JobStoreAccess,
                   public JobStoreOpener {
 public:
  ~JobControl() override = default;
};

}  // namespace trexsearch::service
