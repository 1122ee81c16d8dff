#pragma once

#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "daemon/hooks/hook_rules.hpp"
#include "daemon/job_measurers/measurer_factory.hpp"
#include "daemon/jobs/job_queue.hpp"
#include "daemon/jobs/job_submission.hpp"
#include "daemon/log/log.hpp"
#include "daemon/store/locked_store.hpp"
#include "daemon/store/store_health_monitor.hpp"

namespace trexsearch::service {

/// How submissions are checked and recorded.
struct IntakeSettings {
  /// The methods a runner exists for; others are refused (unsupported).
  std::set<SearchMethod> methods;
  std::string daemon_version;
  /// The daemon settings recorded with every job (JSON).
  std::string config_json = "{}";
  /// The hooks jobs may name; null: none (a job naming one is refused).
  std::shared_ptr<const HookRules> hook_rules;
};

/// Takes submissions: checks that the job can run here, that its names are safe to
/// print (check_job_names) and that the queue has room, stores the job (or a suite's jobs, in one
/// transaction), then queues it. Stored before queued: a job the runner takes is always in the
/// store.
class JobIntake final : public JobSubmission {
 public:
  /// Everything but `settings` must outlive this object.
  JobIntake(IntakeSettings settings, const MeasurerFactories& factories, JobQueue& queue,
            LockedStore& store, StoreHealthMonitor& health, Logger& log);

  SubmitReceipt submit(const JobSpec& submitted, const std::string& submitted_by) override;
  SuiteReceipt submit_suite(const SuiteSpec& submitted, const std::string& submitted_by) override;
  /// The daemon settings recorded with jobs submitted from now on (SIGHUP).
  void set_config_json(std::string config_json);

 private:
  /// Throws unsupported, permission_denied or bad_request when `job` cannot run
  /// here; `what` names it in the message. Else the job with where it runs filled in
  /// (a trex job's testbed: MeasurerFactory::place).
  JobSpec placed(const JobSpec& job, const std::string& what) const;
  /// Checks the queue has room for `count` more; returns the settings to record.
  std::string admit(std::size_t count);
  /// Stores the suite's jobs; returns the suite with their ids.
  SuiteRecord store_suite(const SuiteSpec& suite, const std::string& submitted_by,
                          const std::string& config_json);

  const std::set<SearchMethod> methods_;
  const std::shared_ptr<const HookRules> hook_rules_;
  const std::string daemon_version_;
  const MeasurerFactories& factories_;
  JobQueue& queue_;
  LockedStore& store_;
  StoreHealthMonitor& health_;
  Logger& log_;
  /// Guards config_json_ (SIGHUP changes it).
  std::mutex config_mutex_;
  std::string config_json_;
};

}  // namespace trexsearch::service
