#include "plr/integration_chain.hpp"

#include <cmath>
#include <optional>
#include <span>

#include "plr/math/critical_load.hpp"
#include "plr/math/erf_fit.hpp"
#include "plr/math/stretch_fit.hpp"
#include "plr/prior.hpp"

namespace trexsearch::plr {
namespace {

template <class Fit>
SampleValue evaluate_with(const IntegrationProblem& problem, std::span<const StoredTrial> trials,
                          const UnitPoint& point) {
  const FitParameters parameters =
      parameters_from_unit_square(point[0], point[1], problem.max_load_pps);
  const Fit fit(parameters.mrr_pps, parameters.spread_pps);
  SampleValue value;
  value.log_likelihood = log_likelihood(fit, trials, problem.likelihood);
  if (std::isnan(value.log_likelihood)) value.log_likelihood = kLogZero;
  if (value.log_likelihood == kLogZero) return value;
  value.log_critical_load = std::log(critical_load_pps(
      fit, problem.min_load_pps, problem.max_load_pps, problem.log_target_loss_ratio));
  return value;
}

bool should_continue(const ChainLimits& limits, std::uint64_t samples) {
  if (samples >= limits.max_samples) return false;
  if (limits.abort && limits.abort->load(std::memory_order_relaxed)) return false;
  if (limits.stop && samples >= limits.min_samples &&
      limits.stop->load(std::memory_order_relaxed)) {
    return false;
  }
  return true;
}

template <class Fit>
ChainResult run_chain_with(const IntegrationProblem& problem, const FocusState& start,
                           std::uint64_t seed, const ChainLimits& limits) {
  static const std::vector<StoredTrial> kNoTrials;
  const std::span<const StoredTrial> trials =
      problem.trials ? std::span<const StoredTrial>(*problem.trials) : kNoTrials;
  Random random(seed);
  ChainResult result{DualTracker{}, FocusTracker(start), 0};
  std::optional<GateSlot> slot;
  while (should_continue(limits, result.samples)) {
    if (limits.gate != nullptr && result.samples % limits.gate_batch == 0) {
      // After each batch the slot goes back and the chain lines up behind the other
      // searches' workers: each gets its turn (the samples drawn do not depend on it).
      slot.reset();
      slot.emplace(limits.gate, limits.abort);
      if (!slot->held()) break;
    }
    const Proposal proposal(result.focus.state(), problem.proposal_scale);
    double log_rarity = 0.0;
    const UnitPoint point = proposal.draw(random, log_rarity);
    ++result.samples;
    const SampleValue value = evaluate_with<Fit>(problem, trials, point);
    if (value.log_likelihood == kLogZero) continue;
    // The focus follows the raw likelihood (as the reference does, unlike the draft's
    // "including the importance correction"); the value is importance weighted.
    result.focus.add_without_dominance(point, value.log_likelihood);
    result.value.add(value.log_critical_load, value.log_likelihood + log_rarity);
  }
  return result;
}

}  // namespace

SampleValue evaluate_sample(const IntegrationProblem& problem, const UnitPoint& point) {
  static const std::vector<StoredTrial> kNoTrials;
  const std::span<const StoredTrial> trials =
      problem.trials ? std::span<const StoredTrial>(*problem.trials) : kNoTrials;
  return problem.shape == FitShape::stretch ? evaluate_with<StretchFit>(problem, trials, point)
                                            : evaluate_with<ErfFit>(problem, trials, point);
}

ChainResult run_chain(const IntegrationProblem& problem, const FocusState& start,
                      std::uint64_t seed, const ChainLimits& limits) {
  return problem.shape == FitShape::stretch
             ? run_chain_with<StretchFit>(problem, start, seed, limits)
             : run_chain_with<ErfFit>(problem, start, seed, limits);
}

}  // namespace trexsearch::plr
