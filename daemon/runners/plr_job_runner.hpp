#pragma once

#include <functional>
#include <memory>
#include <mutex>

#include "daemon/job_measurers/measurer_factory.hpp"
#include "daemon/model/job_runner.hpp"
#include "plr/work_gate.hpp"

namespace trexsearch::service {

/// The daemon's settings for PLR jobs.
struct PlrRunnerSettings {
  /// Overrides the spec's threads_per_fit (the machine's business); 0: keep it.
  unsigned threads_per_fit = 0;
  /// For specs without `plr_resume`.
  PlrResume resume = PlrResume::deadline;
};

/// Runs PLRsearch jobs: plr::SoakSearch on the job's clock (virtual or steady) with
/// the measurer the spec names. Every trial is stored with its estimate and the
/// computation state before the next one starts; a resumed job hands the stored
/// trials to the search as `resume_from`, so nothing is measured twice and, in
/// deterministic mode (samples_per_trial), the result equals an uninterrupted run's.
class PlrJobRunner final : public JobRunner {
 public:
  /// `factories` must outlive this object. `integration_thread_start` runs first on each
  /// integration worker thread (the daemon lowers its priority there when it must).
  /// `gate`, when given, is the CPU budget every PLR job's workers share: soaks on
  /// different testbeds run at once and take turns on it (plr::WorkGate).
  explicit PlrJobRunner(const MeasurerFactories& factories, PlrRunnerSettings settings = {},
                        std::function<void()> integration_thread_start = {},
                        std::shared_ptr<plr::WorkGate> gate = nullptr)
      : factories_(factories),
        settings_(settings),
        integration_thread_start_(std::move(integration_thread_start)),
        gate_(std::move(gate)) {}

  SearchMethod method() const override { return SearchMethod::plr; }
  RunOutcome run(const JobSpec& spec, std::vector<StoredTrial> stored, std::stop_token stop,
                 RunObserver& observer) override;
  /// SIGHUP (`plr-threads`, `plr-resume`): for runs that start from now on.
  void set_settings(PlrRunnerSettings settings);

 private:
  const MeasurerFactories& factories_;
  mutable std::mutex mutex_;
  PlrRunnerSettings settings_;
  const std::function<void()> integration_thread_start_;
  const std::shared_ptr<plr::WorkGate> gate_;
};

}  // namespace trexsearch::service
