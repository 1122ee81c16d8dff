#include "plr/soak_search.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <exception>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "measure/errors.hpp"
#include "plr/integration_pool.hpp"
#include "plr/load_selector.hpp"
#include "plr/stored_trial.hpp"

namespace trexsearch::plr {
namespace {

bool is_lossy(std::int64_t model_loss_count, const measure::TrialCounts& counts, double target) {
  // The reference's test: plr_loss_count >= intended_count * target ("zero loss" in the
  // heuristics means below target, not literally zero).
  return static_cast<double>(model_loss_count) >= static_cast<double>(counts.intended) * target;
}

std::optional<PlrStopReason> exit_reason(const PlrConfig& config, const PlrTrial& last) {
  if (last.finished_at >= config.time_budget) return PlrStopReason::time_budget;
  // Trials 1-4 are at fixed loads whatever the estimate says, so the optional stdev exit
  // (draft-02 section 4.3.6) is only considered after them.
  if (config.target_relative_stdev && last.number > 4 && last.estimate &&
      last.estimate->relative_stdev() <= *config.target_relative_stdev) {
    return PlrStopReason::target_stdev_reached;
  }
  return std::nullopt;
}

std::string describe(const PlrTrial& trial, double next_load_pps) {
  std::ostringstream out;
  out.precision(9);
  const measure::TrialCounts& counts = *trial.result.counts();
  out << "trial " << trial.number << " load " << trial.result.intended_load_pps() << " pps for "
      << trial.result.intended_duration().count() << " s: model loss " << trial.model_loss_count
      << " of " << counts.intended << (trial.lossy ? " (lossy)" : "");
  for (FitShape shape : kFitShapes) {
    const FitEstimate& fit = trial.fits[index_of(shape)];
    out << "; " << to_string(shape) << " ";
    if (const auto average = fit.average_pps()) {
      out << *average << " pps";
    } else {
      out << "none";
    }
    out << " (" << fit.samples << " samples)";
  }
  if (trial.estimate) {
    out << "; estimate " << trial.estimate->average_pps << " +- " << trial.estimate->stdev_pps;
  }
  out << "; next load " << next_load_pps;
  return out.str();
}

/// What the search carries from one trial to the next.
struct SearchState {
  double next_load_pps = 0.0;
  std::array<FocusState, 2> focus{};
  std::vector<StoredTrial> stored;
};

/// Completes a trial's record (its model loss count, whether it was lossy) and carries the
/// search past it: the next load, the stored trials, the fits' focus. Resuming and the live
/// loop share it, so a resumed search continues exactly where the interrupted one would have.
void advance(SearchState& state, LoadSelector& selector, double target_loss_ratio,
             PlrTrial& record) {
  const measure::TrialCounts& counts = *record.result.counts();
  record.model_loss_count = model_loss_count(counts, record.result.loss_ratio());
  record.lossy = is_lossy(record.model_loss_count, counts, target_loss_ratio);
  state.next_load_pps = selector.next_load_pps(record.number, record.result.intended_load_pps(),
                                               record.result.loss_ratio(), record.lossy,
                                               fits_average_pps(record.fits));
  state.stored.push_back(StoredTrial::from(record.result));
  state.focus = {record.fits[0].focus, record.fits[1].focus};
}

/// The state after an earlier run's trials, rebuilt through the code the live loop uses
/// (advance); their completed records are appended to `records`.
SearchState replay(std::span<const PlrTrial> trials, LoadSelector& selector,
                   double target_loss_ratio, std::vector<PlrTrial>& records) {
  SearchState state;
  state.next_load_pps = selector.first_load_pps();
  for (const PlrTrial& trial : trials) {
    PlrTrial record = trial;
    advance(state, selector, target_loss_ratio, record);
    records.push_back(std::move(record));
  }
  return state;
}

/// One trial's measurement: its result, or nothing and why (an empty reason: cancelled).
struct Attempt {
  std::optional<measure::TrialResult> trial;
  std::string failure;
};

Attempt attempt_trial(measure::Measurer& measurer, measure::Seconds duration, double load_pps,
                      std::stop_token stop) {
  Attempt attempt;
  try {
    attempt.trial = measure::TrialResult::from_outcome(load_pps, duration,
                                                       measurer.measure(duration, load_pps, stop));
  } catch (const measure::MeasurementCancelled&) {
  } catch (const std::exception& error) {
    attempt.failure = error.what();
  } catch (...) {
    attempt.failure = "unknown exception";
  }
  return attempt;
}

/// Why a search ends after a trial that gave no result or was stopped: the measurer
/// failed (its reason, the trial and its load), or the search was cancelled.
std::pair<PlrStopReason, std::string> interruption(const Attempt& attempt, bool stop_requested,
                                                   std::size_t number, double load,
                                                   const std::string& load_unit) {
  if (!attempt.failure.empty() && !stop_requested) {
    return {PlrStopReason::measurer_failed, "trial " + std::to_string(number) + " at " +
                                                measure::format_value(load) + " " + load_unit +
                                                ": " + attempt.failure};
  }
  return {PlrStopReason::cancelled, "cancelled during trial " + std::to_string(number)};
}

IntegrationSettings integration_settings(const PlrConfig& config, const PlrHooks& hooks) {
  IntegrationSettings settings = IntegrationSettings::from(config);
  settings.on_thread_start = hooks.on_worker_start;
  settings.gate = hooks.gate;
  return settings;
}

/// The result of a search that ends for `reason`: its last estimate and the trend.
PlrResult finished(PlrResult result, PlrStopReason reason, std::string detail, double trend_window,
                   measure::Seconds run_duration) {
  result.stop_reason = reason;
  result.stop_detail = std::move(detail);
  if (!result.trials.empty()) result.estimate = result.trials.back().estimate;
  result.trend = estimate_trend(result.trials, trend_window);
  result.run_duration = run_duration;
  return result;
}

}  // namespace

std::string_view to_string(PlrStopReason reason) {
  switch (reason) {
    case PlrStopReason::time_budget:
      return "time_budget";
    case PlrStopReason::target_stdev_reached:
      return "target_stdev_reached";
    case PlrStopReason::cancelled:
      return "cancelled";
    case PlrStopReason::measurer_failed:
      return "measurer_failed";
  }
  return "unknown";
}

SoakSearch::SoakSearch(PlrConfig config, const measure::Clock& clock)
    : config_(std::move(config)), clock_(clock) {
  config_.validate();
}

PlrResult SoakSearch::run(measure::Measurer& measurer, std::stop_token stop, const PlrHooks& hooks,
                          std::span<const PlrTrial> resume_from) const {
  validate_resume_trials(resume_from);
  const measure::Seconds start = clock_.now();
  PlrResult result;
  LoadSelector selector(config_.min_load_pps, config_.max_load_pps, config_.target_loss_ratio);
  SearchState state = replay(resume_from, selector, config_.target_loss_ratio, result.trials);
  const measure::Seconds elapsed_before =
      resume_from.empty() ? measure::Seconds{0.0} : resume_from.back().finished_at;
  const auto elapsed = [&] { return elapsed_before + (clock_.now() - start); };

  const auto finish = [&](PlrStopReason reason, std::string detail) {
    return finished(std::move(result), reason, std::move(detail), config_.trend_window,
                    clock_.now() - start);
  };

  if (!result.trials.empty()) {
    if (const auto reason = exit_reason(config_, result.trials.back())) return finish(*reason, "");
  }
  if (stop.stop_requested()) return finish(PlrStopReason::cancelled, "cancelled before trial 1");

  IntegrationPool pool(integration_settings(config_, hooks));
  // Declared after the pool, so it is gone before the pool is destroyed.
  const std::stop_callback abort_on_stop(stop, [&pool] { pool.abort(); });

  for (;;) {
    const std::size_t number = result.trials.size() + 1;
    const measure::Seconds duration = config_.trial_duration(number);
    const double load = state.next_load_pps;
    // The computation during trial k uses trials 1..k-1 and decides the load of trial k+1
    // (draft-02 section 4.3.2).
    pool.start(IntegrationJob{
        number, std::make_shared<const std::vector<StoredTrial>>(state.stored), state.focus});
    const measure::Seconds started_at = elapsed();
    const Attempt attempt = attempt_trial(measurer, duration, load, stop);
    if (!attempt.trial || stop.stop_requested()) {
      pool.abort();
      pool.finish();
      auto [reason, detail] =
          interruption(attempt, stop.stop_requested(), number, load, config_.load_unit);
      return finish(reason, std::move(detail));
    }
    std::optional<std::array<FitEstimate, 2>> fits = pool.finish();
    if (!fits) {
      return finish(PlrStopReason::cancelled,
                    "cancelled while integrating after trial " + std::to_string(number));
    }
    PlrTrial record{number, *attempt.trial, started_at, elapsed(),
                    0,      false,          *fits,      combine_fits(*fits)};
    advance(state, selector, config_.target_loss_ratio, record);
    if (hooks.debug) hooks.debug(describe(record, state.next_load_pps));
    result.trials.push_back(std::move(record));
    if (hooks.on_trial) hooks.on_trial(result.trials.back());
    if (const auto reason = exit_reason(config_, result.trials.back())) return finish(*reason, "");
  }
}

namespace {

void require(bool ok, std::size_t index, const std::string& field, const std::string& value,
             const std::string& reason) {
  if (!ok) {
    throw measure::ConfigError("resume_from[" + std::to_string(index) + "]." + field, value,
                               reason);
  }
}

void check_fit(const FitEstimate& fit, std::size_t index, FitShape shape) {
  const std::string prefix = "fits." + std::string(to_string(shape)) + ".";
  if (fit.log_average) {
    require(std::isfinite(*fit.log_average), index, prefix + "log_average",
            measure::format_value(*fit.log_average), "must be finite");
  }
  require(std::isfinite(fit.log_variance) && fit.log_variance >= 0.0, index,
          prefix + "log_variance", measure::format_value(fit.log_variance),
          "must be finite and non-negative");
  for (std::size_t i = 0; i < 2; ++i) {
    const double m = fit.focus.mean[i];
    require(m > -1.0 && m < 1.0, index, prefix + "focus.mean[" + std::to_string(i) + "]",
            measure::format_value(m), "must lie inside (-1, 1)");
  }
  const auto& c = fit.focus.covariance;
  for (std::size_t i = 0; i < 3; ++i) {
    require(std::isfinite(c[i]), index, prefix + "focus.covariance[" + std::to_string(i) + "]",
            measure::format_value(c[i]), "must be finite");
  }
  require(c[0] >= 0.0 && c[2] >= 0.0, index, prefix + "focus.covariance",
          measure::format_value(std::min(c[0], c[2])), "variances must not be negative");
}

}  // namespace

void validate_resume_trials(std::span<const PlrTrial> trials) {
  double previous_finish = 0.0;
  for (std::size_t i = 0; i < trials.size(); ++i) {
    const PlrTrial& trial = trials[i];
    require(trial.number == i + 1, i, "number", std::to_string(trial.number),
            "trials must be numbered 1, 2, ... in order");
    require(trial.result.counts().has_value(), i, "counts", "absent",
            "PLRsearch needs frame counts for every trial");
    const double started = trial.started_at.count();
    const double finished = trial.finished_at.count();
    require(std::isfinite(started) && started >= previous_finish, i, "started_at",
            measure::format_value(started),
            "must be finite and not before the previous trial ended");
    require(std::isfinite(finished) && finished >= started, i, "finished_at",
            measure::format_value(finished), "must be finite and not before the trial started");
    previous_finish = finished;
    for (FitShape shape : kFitShapes) check_fit(trial.fits[index_of(shape)], i, shape);
  }
}

}  // namespace trexsearch::plr
