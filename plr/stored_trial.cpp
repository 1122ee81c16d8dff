#include "plr/stored_trial.hpp"

#include <algorithm>
#include <cmath>

#include "measure/errors.hpp"

namespace trexsearch::plr {

std::int64_t model_loss_count(const measure::TrialCounts& counts, double loss_ratio) {
  const double intended = static_cast<double>(counts.intended);
  const double rounded_up = std::floor(intended * loss_ratio + 0.9);
  if (!(rounded_up > 0.0)) return 0;
  if (rounded_up >= intended) return counts.intended;
  return static_cast<std::int64_t>(rounded_up);
}

StoredTrial StoredTrial::from(const measure::TrialResult& result) {
  if (!result.counts()) {
    throw measure::MeasurementError("PLRsearch needs frame counts, got a trial at " +
                                    measure::format_value(result.intended_load_pps()) +
                                    " pps with a loss ratio only");
  }
  const measure::TrialCounts& counts = *result.counts();
  const std::int64_t basis = counts.offered > 0 ? counts.offered : counts.intended;
  return from_counts(result.intended_load_pps(), basis,
                     model_loss_count(counts, result.loss_ratio()));
}

StoredTrial StoredTrial::from_counts(double load_pps, std::int64_t basis_count,
                                     std::int64_t loss_count) {
  StoredTrial trial;
  trial.load_pps = load_pps;
  const double count = static_cast<double>(std::max<std::int64_t>(basis_count, 0));
  trial.log_count_per_load = std::log(count) - std::log(load_pps);
  trial.count_per_load = count / load_pps;
  trial.loss_count = static_cast<double>(std::max<std::int64_t>(loss_count, 0));
  trial.log_loss_factorial = std::lgamma(trial.loss_count + 1.0);
  return trial;
}

}  // namespace trexsearch::plr
