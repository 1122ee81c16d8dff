#pragma once

// Internal to JobManager: what a running job's search reports, turned into store
// writes, events, log lines and progress. The runner thread calls it.

#include <cstddef>
#include <string>
#include <string_view>

#include "daemon/service/job_manager.hpp"
#include "daemon/service/job_runner.hpp"
#include "daemon/service/store.hpp"

namespace trexsearch::service {

class JobManager::Observer final : public RunObserver {
 public:
  Observer(JobManager& manager, Store& store, JobId id)
      : manager_(manager), store_(store), id_(id) {}

  void trial_done(const StoredTrial& trial, const JobProgress& progress) override;
  void replay_finished(std::size_t replayed, const JobProgress& progress) override;
  void trex_connected(const std::string& version) override;
  void debug(std::string_view text) override;

 private:
  JobManager& manager_;
  Store& store_;
  JobId id_;
  bool store_failed_ = false;
};

}  // namespace trexsearch::service
