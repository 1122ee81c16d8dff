#pragma once

#include <functional>
#include <optional>
#include <span>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "measure/clock.hpp"
#include "measure/measurer.hpp"
#include "measure/units.hpp"
#include "plr/estimate.hpp"
#include "plr/plr_config.hpp"
#include "plr/plr_trial.hpp"
#include "plr/trend.hpp"
#include "plr/work_gate.hpp"

namespace trexsearch::plr {

/// Why a soak search ended.
enum class PlrStopReason {
  time_budget,           ///< a trial ended after the time budget ran out (the normal end)
  target_stdev_reached,  ///< the estimate's relative stdev reached target_relative_stdev
  cancelled,             ///< the stop token was triggered; the interrupted trial is dropped
  measurer_failed,       ///< a trial threw or returned an invalid result; stop_detail says why
};

/// Stable snake_case name, for JSON output.
std::string_view to_string(PlrStopReason reason);

/// The outcome of a soak search: every trial with its estimate, the final estimate, the trend.
struct PlrResult {
  /// Resumed trials first, then the new ones, numbered 1..n.
  std::vector<PlrTrial> trials;
  /// The estimate of the last trial, as the reference returns it (so the last trial's own
  /// result is not in it: it was computed while that trial ran). Absent if no trial had one.
  std::optional<PlrEstimate> estimate;
  /// Over the last trend_window of the search time; absent with too few trials.
  std::optional<Trend> trend;
  PlrStopReason stop_reason = PlrStopReason::time_budget;
  std::string stop_detail;
  /// Clock time this run took (not counting resumed runs).
  measure::Seconds run_duration{0.0};
};

/// Optional callbacks; empty ones are not called. Called on the thread that runs the search,
/// except on_worker_start.
struct PlrHooks {
  /// After every trial this run measures (not for resumed ones), with its record.
  std::function<void(const PlrTrial&)> on_trial;
  /// Decisions worth a debug log line.
  std::function<void(std::string_view)> debug;
  /// Run first on each integration worker thread, on that thread
  /// (IntegrationSettings::on_thread_start). Must not throw.
  std::function<void()> on_worker_start;
  /// The CPU budget its workers share with other searches' (IntegrationSettings::gate);
  /// null: none. Must outlive run().
  WorkGate* gate = nullptr;
};

/// The PLRsearch soak engine (draft-vpolak-bmwg-plrsearch-02 as the FD.io CSIT reference
/// implements it, see docs/plrsearch.md): measures trial after trial with growing durations,
/// while worker threads integrate both fitting functions' posteriors over the earlier trials,
/// and picks each load from the estimates.
class SoakSearch {
 public:
  /// Validates the config (throws ConfigError).
  SoakSearch(PlrConfig config, const measure::Clock& clock);

  /// Runs the search on the calling thread (the measurer is only called from it), with the
  /// integration workers owned by this call. `resume_from`: trials of an earlier run of the same
  /// config, to continue from (throws ConfigError naming "resume_from[i]..." when they are not
  /// a valid prefix of a search). In deterministic mode a resumed search makes exactly the
  /// decisions and estimates the uninterrupted one would have. Measurer failures and
  /// cancellation end the search and are reported in the result, never thrown.
  PlrResult run(measure::Measurer& measurer, std::stop_token stop = {}, const PlrHooks& hooks = {},
                std::span<const PlrTrial> resume_from = {}) const;

  const PlrConfig& config() const { return config_; }

 private:
  PlrConfig config_;
  const measure::Clock& clock_;
};

/// Checks that `trials` can be resumed from: numbered 1..n, with counts, times and estimates
/// that a search could have produced. Throws ConfigError naming "resume_from[i].field".
void validate_resume_trials(std::span<const PlrTrial> trials);

}  // namespace trexsearch::plr
