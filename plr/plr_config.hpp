#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "measure/units.hpp"
#include "plr/likelihood.hpp"

namespace trexsearch::plr {

/// PLRsearch inputs (draft-02 section 4.1: load-related, time-related, and exit arguments),
/// with the reference implementation's values as defaults where it has them (CSIT soak tests).
/// Field names in errors are the PLR.json keys.
struct PlrConfig {
  /// The average loss ratio the critical load is defined by ("target_loss_ratio").
  double target_loss_ratio = 1e-7;
  /// The loads' unit in the search's texts: "pps", or "cps" for an ASTF job's
  /// connection rates. Not part of PLR.json: the daemon sets it from the measurer.
  std::string load_unit = "pps";
  /// No trial below this load, per direction ("min_load") [pps].
  double min_load_pps = 9001.0;
  /// No trial above this load, per direction; also scales the mrr prior ("max_load") [pps].
  double max_load_pps = 1e9;
  /// Intended duration of trial 1 ("trial_duration_first").
  measure::Seconds trial_duration_first{5.1};
  /// Each further trial is this much longer ("trial_duration_increment").
  measure::Seconds trial_duration_increment{0.1};
  /// The search ends after the first trial that ends this long after the search started
  /// ("time_budget"; CSIT's soak tests use 30 minutes).
  measure::Seconds time_budget{1800.0};
  /// Deterministic mode ("samples_per_trial"): each fit draws exactly this many samples per
  /// trial, waiting for them after the trial if needed. Absent: integrate until the trial ends.
  std::optional<std::uint64_t> samples_per_trial;
  /// Seeds every integration chunk ("seed").
  std::uint64_t seed = 0;
  /// Integration threads per fitting function ("threads_per_fit"); two fits run at once.
  unsigned threads_per_fit = 1;
  /// Optional exit condition ("target_relative_stdev"): stop once stdev/average of the
  /// estimate is at most this, from trial 5 on (after the fixed initial loads).
  std::optional<double> target_relative_stdev;
  /// Loss-count distribution ("likelihood"): the reference's geometric, or draft-02 Poisson.
  LikelihoodKind likelihood = LikelihoodKind::geometric;
  /// Covariance multiplier of the biased Gaussian ("proposal_scale"; reference 5.0, drafts 8.0).
  double proposal_scale = 5.0;
  /// Deterministic mode splits samples_per_trial into independent chunks of this many samples
  /// ("samples_per_chunk"), the unit of work for threads; results do not depend on threads.
  std::uint64_t samples_per_chunk = 10000;
  /// Without samples_per_trial: each fit draws at least this many samples per trial even if
  /// the trial ends sooner ("min_samples_per_trial"), so every trial gets an estimate.
  std::uint64_t min_samples_per_trial = 1000;
  /// The trend is fitted over this last fraction of the search time ("trend_window").
  double trend_window = 0.5;

  /// Throws ConfigError naming the field (PLR.json key) and its value.
  void validate() const;

  /// Intended duration of trial `number` (1-based): first + increment * (number - 1).
  measure::Seconds trial_duration(std::size_t number) const;
};

}  // namespace trexsearch::plr
