#pragma once

// A job manager over a real store in a temp dir, for the job manager's tests.
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "daemon/jobs/job_manager.hpp"
#include "daemon/runners/mlr_job_runner.hpp"
#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::service::jobtest {

/// Collects events; waits for them without sleeping.
class RecordingWatcher final : public JobWatcher {
 public:
  void on_event(const JobEvent& event) override {
    std::lock_guard lock(mutex_);
    events_.push_back(event);
    changed_.notify_all();
  }
  bool wait_for(JobEvent::Kind kind) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, servicetest::kDeadline, [&] {
      for (const auto& event : events_) {
        if (event.kind == kind) return true;
      }
      return false;
    });
  }
  std::vector<JobEvent> events() {
    std::lock_guard lock(mutex_);
    return events_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<JobEvent> events_;
};

/// A job manager over a store in a temp dir, with the sim and exec measurers.
struct Fixture {
  Fixture()
      : log([this](std::string_view line) {
          std::lock_guard lock(log_mutex);
          log_text += line;
        }) {
    factories.add(std::make_unique<SimMeasurerFactory>());
    factories.add(std::make_unique<ExecMeasurerFactory>(false));
  }

  /// `settings` with the store file and version filled in.
  std::unique_ptr<JobManager> manager(JobManagerSettings settings) {
    settings.store_file = dir.path() / "jobs.sqlite";
    settings.daemon_version = "test";
    std::vector<std::unique_ptr<JobRunner>> runners;
    runners.push_back(std::make_unique<MlrJobRunner>(factories));
    return std::make_unique<JobManager>(settings, std::move(runners), factories, log);
  }

  std::string logged() {
    std::lock_guard lock(log_mutex);
    return log_text;
  }

  servicetest::TempDir dir;
  std::mutex log_mutex;
  std::string log_text;
  Logger log;
  MeasurerFactories factories;
};

/// Default settings with this queue limit.
inline JobManagerSettings with_max_queued(std::size_t max_queued) {
  JobManagerSettings settings;
  settings.max_queued = max_queued;
  return settings;
}

}  // namespace trexsearch::service::jobtest
