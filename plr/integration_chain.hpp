#pragma once

#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "plr/fit_shape.hpp"
#include "plr/focus_tracker.hpp"
#include "plr/likelihood.hpp"
#include "plr/stat_trackers.hpp"
#include "plr/stored_trial.hpp"
#include "plr/work_gate.hpp"

namespace trexsearch::plr {

/// One fitting function's posterior over an immutable snapshot of the trials: everything a
/// worker needs, shared read-only between threads.
struct IntegrationProblem {
  FitShape shape = FitShape::stretch;
  std::shared_ptr<const std::vector<StoredTrial>> trials;
  double min_load_pps = 0.0;
  double max_load_pps = 0.0;
  double log_target_loss_ratio = 0.0;
  LikelihoodKind likelihood = LikelihoodKind::geometric;
  /// Covariance multiplier of the biased Gaussian (reference: 5.0).
  double proposal_scale = 5.0;
};

/// The integrand at one point of the unit square.
struct SampleValue {
  /// log of the critical load [pps] for these parameters (the integrated quantity).
  double log_critical_load = 0.0;
  /// log of the likelihood of all stored trials; -inf for impossible parameters.
  double log_likelihood = 0.0;
};

/// Evaluates the integrand (prior transform, fitting function, likelihood, critical load).
/// The critical load is left at 0 when the likelihood is -inf (it would carry no weight).
SampleValue evaluate_sample(const IntegrationProblem& problem, const UnitPoint& point);

/// When a chain stops: after max_samples, or once `stop` is set and it has min_samples, or as
/// soon as `abort` is set.
struct ChainLimits {
  std::uint64_t max_samples = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t min_samples = 0;
  const std::atomic<bool>* stop = nullptr;
  const std::atomic<bool>* abort = nullptr;
  /// The CPU budget shared with other searches' workers (WorkGate); null: none. The
  /// chain holds a slot for `gate_batch` samples at a time, then lines up again.
  WorkGate* gate = nullptr;
  std::uint64_t gate_batch = 256;
};

/// The outcome of one chain: the value tracker (log critical load, importance weighted), the
/// focus tracker at the end, and how many samples were drawn.
struct ChainResult {
  DualTracker value;
  FocusTracker focus;
  std::uint64_t samples = 0;
};

/// Runs one importance-sampling chain (draft-02 section 5.5, reference estimate_nd): draws from
/// the biased Gaussian around the focus, weighs each sample by likelihood / proposal density
/// (the reference's log rarity d/(2 scale)), and updates the focus after every sample.
ChainResult run_chain(const IntegrationProblem& problem, const FocusState& start,
                      std::uint64_t seed, const ChainLimits& limits);

}  // namespace trexsearch::plr
