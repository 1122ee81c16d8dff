#include "plr/plr_config.hpp"

#include <cmath>
#include <string>

#include "measure/errors.hpp"

namespace trexsearch::plr {
namespace {

void require(bool ok, const char* field, double value, const char* reason) {
  if (!ok) throw measure::ConfigError(field, measure::format_value(value), reason);
}

constexpr std::uint64_t kMaxChunks = 100000;

void require_count(bool ok, const char* field, std::uint64_t value, const std::string& reason) {
  if (!ok) throw measure::ConfigError(field, std::to_string(value), reason);
}

}  // namespace

void PlrConfig::validate() const {
  require(target_loss_ratio > 0.0 && target_loss_ratio < 1.0, "target_loss_ratio",
          target_loss_ratio, "must be strictly between 0 and 1");
  require(std::isfinite(min_load_pps) && min_load_pps > 0.0, "min_load", min_load_pps,
          "must be a positive finite load [pps]");
  require(std::isfinite(max_load_pps) && max_load_pps > 0.0, "max_load", max_load_pps,
          "must be a positive finite load [pps]");
  require(max_load_pps > min_load_pps, "max_load", max_load_pps,
          ("must be above min_load (" + measure::format_value(min_load_pps) + ")").c_str());
  require(std::isfinite(trial_duration_first.count()) && trial_duration_first.count() > 0.0,
          "trial_duration_first", trial_duration_first.count(),
          "must be a positive finite number of seconds");
  require(
      std::isfinite(trial_duration_increment.count()) && trial_duration_increment.count() >= 0.0,
      "trial_duration_increment", trial_duration_increment.count(),
      "must be a finite, non-negative number of seconds");
  require(std::isfinite(time_budget.count()) && time_budget.count() > 0.0, "time_budget",
          time_budget.count(), "must be a positive finite number of seconds");
  if (samples_per_trial) {
    require_count(*samples_per_trial >= 1 && *samples_per_trial <= 1'000'000'000'000ULL,
                  "samples_per_trial", *samples_per_trial, "must be between 1 and 1e12");
  }
  require_count(threads_per_fit >= 1 && threads_per_fit <= 256, "threads_per_fit", threads_per_fit,
                "must be between 1 and 256");
  if (target_relative_stdev) {
    require(std::isfinite(*target_relative_stdev) && *target_relative_stdev > 0.0,
            "target_relative_stdev", *target_relative_stdev, "must be a positive finite ratio");
  }
  require(std::isfinite(proposal_scale) && proposal_scale > 0.0, "proposal_scale", proposal_scale,
          "must be a positive finite multiplier");
  require_count(samples_per_chunk >= 1, "samples_per_chunk", samples_per_chunk,
                "must be at least 1");
  if (samples_per_trial) {
    // Each chunk keeps its result until the trial ends; a bound keeps that memory small.
    require_count((*samples_per_trial - 1) / samples_per_chunk < kMaxChunks, "samples_per_chunk",
                  samples_per_chunk,
                  "too small for samples_per_trial = " + std::to_string(*samples_per_trial) +
                      ": at most " + std::to_string(kMaxChunks) + " chunks per trial");
  }
  require_count(min_samples_per_trial <= 1'000'000'000ULL, "min_samples_per_trial",
                min_samples_per_trial, "must be at most 1e9");
  require(trend_window > 0.0 && trend_window <= 1.0, "trend_window", trend_window,
          "must be in (0, 1]");
}

measure::Seconds PlrConfig::trial_duration(std::size_t number) const {
  return trial_duration_first + trial_duration_increment * static_cast<double>(number - 1);
}

}  // namespace trexsearch::plr
