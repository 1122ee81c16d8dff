#pragma once

#include <cstdint>

#include "daemon/hooks/job_hook_runner.hpp"
#include "measure/measurer.hpp"

namespace trexsearch::service {

/// A job's live measurer with its before_trial and after_trial hooks around each
/// trial (docs/testbeds.md "Hooks"). Sits below the replay of stored trials, so a
/// resumed job runs no hook for a trial it does not measure. Each trial carries a
/// `hook` note per run (a `hook_failed` one for a failure whose on-failure is
/// `note`). A fail-trial failure discards the attempt (the trial's measurement,
/// when after_trial failed) and measures it again, at most `max_attempts` times in
/// all, saying so in a `repeated` note; then, and on a fail-job failure, the trial
/// fails with the hook's summary, which fails the job.
class HookedMeasurer final : public measure::Measurer {
 public:
  /// `live` and `hooks` must outlive this object; `next_trial` is the number the
  /// next live trial gets (the job's stored trials + 1).
  HookedMeasurer(measure::Measurer& live, JobHookRunner& hooks, std::uint64_t next_trial,
                 std::uint32_t max_attempts = 3);

  measure::TrialOutcome measure(measure::Seconds intended_duration, double intended_load_pps,
                                std::stop_token stop) override;
  bool has_latency_streams() const override { return live_.has_latency_streams(); }
  measure::TrialOutcome measure_latency(measure::Seconds intended_duration,
                                        double intended_load_pps, std::stop_token stop) override;

 private:
  measure::TrialOutcome hooked(measure::Seconds intended_duration, double intended_load_pps,
                               const std::stop_token& stop, bool latency);

  measure::Measurer& live_;
  JobHookRunner& hooks_;
  std::uint64_t next_trial_;
  std::uint32_t max_attempts_;
};

}  // namespace trexsearch::service
