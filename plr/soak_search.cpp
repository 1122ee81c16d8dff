#include "plr/soak_search.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <memory>
#include <sstream>
#include <utility>

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
  double next_load = selector.first_load_pps();
  std::array<FocusState, 2> focus{};
  std::vector<StoredTrial> stored;
  // Rebuild the state from the stored trials through the same code the live loop uses, so the
  // resumed search continues exactly where the interrupted one would have.
  for (const PlrTrial& trial : resume_from) {
    PlrTrial record = trial;
    const measure::TrialCounts& counts = *record.result.counts();
    record.model_loss_count = model_loss_count(counts, record.result.loss_ratio());
    record.lossy = is_lossy(record.model_loss_count, counts, config_.target_loss_ratio);
    next_load = selector.next_load_pps(record.number, record.result.intended_load_pps(),
                                       record.result.loss_ratio(), record.lossy,
                                       fits_average_pps(record.fits));
    stored.push_back(StoredTrial::from(record.result));
    focus = {record.fits[0].focus, record.fits[1].focus};
    result.trials.push_back(std::move(record));
  }
  const measure::Seconds elapsed_before =
      resume_from.empty() ? measure::Seconds{0.0} : resume_from.back().finished_at;
  const auto elapsed = [&] { return elapsed_before + (clock_.now() - start); };

  const auto finish = [&](PlrStopReason reason, std::string detail) {
    result.stop_reason = reason;
    result.stop_detail = std::move(detail);
    if (!result.trials.empty()) result.estimate = result.trials.back().estimate;
    result.trend = estimate_trend(result.trials, config_.trend_window);
    result.run_duration = clock_.now() - start;
    return std::move(result);
  };

  if (!result.trials.empty()) {
    if (const auto reason = exit_reason(config_, result.trials.back())) return finish(*reason, "");
  }
  if (stop.stop_requested()) return finish(PlrStopReason::cancelled, "cancelled before trial 1");

  IntegrationSettings settings = IntegrationSettings::from(config_);
  settings.on_thread_start = hooks.on_worker_start;
  settings.gate = hooks.gate;
  IntegrationPool pool(settings);
  // Declared after the pool, so it is gone before the pool is destroyed.
  const std::stop_callback abort_on_stop(stop, [&pool] { pool.abort(); });

  for (;;) {
    const std::size_t number = result.trials.size() + 1;
    const measure::Seconds duration = config_.trial_duration(number);
    const double load = next_load;
    // The computation during trial k uses trials 1..k-1 and decides the load of trial k+1
    // (draft-02 section 4.3.2).
    pool.start(
        IntegrationJob{number, std::make_shared<const std::vector<StoredTrial>>(stored), focus});
    const measure::Seconds started_at = elapsed();
    std::optional<measure::TrialResult> trial;
    std::string failure;
    try {
      trial = measure::TrialResult::from_outcome(load, duration,
                                                 measurer.measure(duration, load, stop));
    } catch (const measure::MeasurementCancelled&) {
    } catch (const std::exception& error) {
      failure = error.what();
    } catch (...) {
      failure = "unknown exception";
    }
    if (!trial || stop.stop_requested()) {
      pool.abort();
      pool.finish();
      if (!failure.empty() && !stop.stop_requested()) {
        return finish(PlrStopReason::measurer_failed, "trial " + std::to_string(number) + " at " +
                                                          measure::format_value(load) + " " +
                                                          config_.load_unit + ": " + failure);
      }
      return finish(PlrStopReason::cancelled, "cancelled during trial " + std::to_string(number));
    }
    std::optional<std::array<FitEstimate, 2>> fits = pool.finish();
    if (!fits) {
      return finish(PlrStopReason::cancelled,
                    "cancelled while integrating after trial " + std::to_string(number));
    }
    const measure::TrialCounts& counts = *trial->counts();
    const std::int64_t loss_count = model_loss_count(counts, trial->loss_ratio());
    const bool lossy = is_lossy(loss_count, counts, config_.target_loss_ratio);
    PlrTrial record{number,     *trial, started_at, elapsed(),
                    loss_count, lossy,  *fits,      combine_fits(*fits)};
    next_load =
        selector.next_load_pps(number, load, trial->loss_ratio(), lossy, fits_average_pps(*fits));
    stored.push_back(StoredTrial::from(*trial));
    focus = {(*fits)[0].focus, (*fits)[1].focus};
    if (hooks.debug) hooks.debug(describe(record, next_load));
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
