#pragma once

#include <functional>
#include <span>
#include <stop_token>
#include <string_view>

#include "measure/clock.hpp"
#include "measure/measurer.hpp"
#include "search/controller_config.hpp"
#include "search/search_result.hpp"

namespace trexsearch::mlr {

/// Where each goal's search stands, reported after every trial.
struct GoalProgress {
  std::optional<double> lower_bound_pps;
  std::optional<double> upper_bound_pps;
  /// 0 for the goal itself, k for its k-th preceding (coarser) target.
  int target_depth = 0;
  bool done = false;
};

/// Optional callbacks; empty ones are not called.
struct SearchHooks {
  /// After every trial, with the trial and every goal's progress (goal order).
  std::function<void(const TrialRecord&, std::span<const GoalProgress>)> on_trial;
  /// Decisions worth a debug log line (which strategy nominated what).
  std::function<void(std::string_view)> debug;
};

/// The MLRsearch controller (draft-06 "Controller"): selects trial loads and
/// durations until every goal is reached, following the reference
/// implementation's load selection (initial phase, preceding targets, six
/// strategies) so that results are comparable with CSIT's.
class Controller {
 public:
  /// Validates the config (throws ConfigError).
  Controller(ControllerConfig config, const measure::Clock& clock);

  /// Runs one search. Never throws for measurer failures, timeouts or
  /// cancellation: those end the search and are reported in the result, with
  /// the bounds found so far marked irregular.
  SearchResult search(measure::Measurer& measurer, std::stop_token stop = {},
                      const SearchHooks& hooks = {}) const;

  const ControllerConfig& config() const { return config_; }

 private:
  ControllerConfig config_;
  const measure::Clock& clock_;
};

}  // namespace trexsearch::mlr
