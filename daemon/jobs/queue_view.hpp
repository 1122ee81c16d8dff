#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "daemon/model/job_progress.hpp"
#include "daemon/model/job_record.hpp"

namespace trexsearch::service {

/// The running job as `status` shows it.
struct RunningJobStatus {
  JobId id = 0;
  std::string name;
  std::string method;
  std::string measurer_kind;
  WallTime started_at{};
  JobProgress progress;
  bool cancel_requested = false;
  /// Its lane (job_lane): "testbed lab-a", "trex tcp://...", "no TRex".
  std::string lane;
  /// Its testbed (job_testbed); "" for a job on none.
  std::string testbed;
};

/// The queue as `status` shows it (from memory: answering needs no disk access).
struct QueueStatus {
  /// The job that has run longest (running_jobs' first).
  std::optional<RunningJobStatus> running;
  /// Every running job, one per lane at most, in the order they started.
  std::vector<RunningJobStatus> running_jobs;
  /// In the order they were queued.
  std::vector<JobId> queued;
  /// The same by lane (job_lane), each in its order.
  std::map<std::string, std::vector<JobId>> queued_by_lane;
  /// How many of them each method ("mlr", "plr") has (metrics).
  std::map<std::string, std::size_t> queued_by_method;
  std::size_t max_queued = 0;
};

/// The queue and the running job, from memory (`status`, metrics).
class QueueView {
 public:
  virtual ~QueueView() = default;

  virtual QueueStatus queue_status() = 0;
};

}  // namespace trexsearch::service
