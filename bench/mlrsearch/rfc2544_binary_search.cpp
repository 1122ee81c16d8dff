#include "bench/mlrsearch/rfc2544_binary_search.hpp"

#include "measure/trial_result.hpp"

namespace trexsearch::bench {

BinarySearchResult rfc2544_binary_search(const BinarySearchConfig& config,
                                         measure::Measurer& measurer) {
  BinarySearchResult result;
  // RFC 2544 section 26.1: throughput is the highest rate with no frame lost; the
  // loss ratio includes unsent frames, like MLRsearch's.
  const auto passes = [&](double load_pps) {
    const measure::TrialOutcome outcome = measurer.measure(config.trial_duration, load_pps, {});
    const measure::TrialResult trial =
        measure::TrialResult::from_outcome(load_pps, config.trial_duration, outcome);
    ++result.trials;
    result.trial_duration_sum += trial.effective_duration();
    return trial.loss_ratio() == 0.0;
  };
  double lower = config.min_load_pps;
  double upper = config.max_load_pps;
  if (passes(upper)) {
    result.lower_bound_pps = upper;
    result.lower_bound_measured = true;
    return result;
  }
  while ((upper - lower) / upper > config.relative_width) {
    const double middle = 0.5 * (lower + upper);
    if (passes(middle)) {
      lower = middle;
      result.lower_bound_measured = true;
    } else {
      upper = middle;
    }
  }
  result.lower_bound_pps = lower;
  result.upper_bound_pps = upper;
  return result;
}

}  // namespace trexsearch::bench
