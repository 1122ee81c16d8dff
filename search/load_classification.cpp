#include "search/load_classification.hpp"

#include <algorithm>

namespace trexsearch::mlr {

std::string_view to_string(LoadClass load_class) {
  switch (load_class) {
    case LoadClass::lower_bound:
      return "lower_bound";
    case LoadClass::upper_bound:
      return "upper_bound";
    case LoadClass::undecided:
      return "undecided";
  }
  return "undecided";
}

LoadClass classify(const DurationSums& sums, double exceed_ratio, measure::Seconds duration_sum) {
  // draft-06 Appendix A, same names and the same order of floating-point
  // operations as the pseudocode (and the reference), so ties land identically.
  const double good_long_sum = sums.full_length_low_loss.count();
  const double bad_long_sum = sums.full_length_high_loss.count();
  const double good_short_sum = sums.short_low_loss.count();
  const double bad_short_sum = sums.short_high_loss.count();
  const double balancing_sum = good_short_sum * exceed_ratio / (1.0 - exceed_ratio);
  const double effective_bad_sum = bad_long_sum + std::max(0.0, bad_short_sum - balancing_sum);
  const double effective_whole_sum =
      std::max(good_long_sum + effective_bad_sum, duration_sum.count());
  const double quantile_duration_sum = effective_whole_sum * exceed_ratio;
  const bool optimistic = effective_bad_sum <= quantile_duration_sum;
  const bool pessimistic = (effective_whole_sum - good_long_sum) <= quantile_duration_sum;
  if (optimistic && pessimistic) return LoadClass::lower_bound;
  if (!optimistic && !pessimistic) return LoadClass::upper_bound;
  return LoadClass::undecided;
}

namespace {

/// What a trial adds to the duration sums: its effective duration (draft-15
/// "Trial Effective Duration"), but not less than its intended duration once it
/// sent every intended frame. A real TRex often sends a run's first milliseconds
/// at once and is done a millisecond or two early, so the measurer's wall time
/// for the trial falls short of the intended duration although the SUT saw the
/// whole trial's traffic. Counted short, an exceed-ratio-0 target whose duration
/// sum is one trial (RFC 2544's 1 s and 7.75 s targets, and its 60 s one) stays
/// undecided and costs a second trial at the same load (two of 14 trials of one
/// search on the stand, docs/mlrsearch.md "Durations"). Overheads still count in
/// full, as the draft intends.
measure::Seconds summed_duration(const measure::TrialResult& trial) {
  const bool all_sent =
      !trial.tester_limited() && (!trial.counts() || trial.counts()->unsent() <= 0);
  if (!all_sent) return trial.effective_duration();
  return std::max(trial.effective_duration(), trial.intended_duration());
}

}  // namespace

void TargetTally::add(const measure::TrialResult& trial) {
  const measure::Seconds duration = summed_duration(trial);
  // Short vs full-length is decided by the intended duration, the sums use the
  // effective duration (above); high-loss is strict.
  // A tester-limited trial has loss ratio 1 in every scope, so it is high-loss for
  // every goal (docs/trials.md).
  const double loss_ratio = trial.loss_ratio(target_.loss_scope);
  const bool high_loss = loss_ratio > target_.loss_ratio;
  if (trial.intended_duration() >= target_.trial_duration) {
    full_length_duration_by_loss_ratio_[loss_ratio] += duration;
    (high_loss ? sums_.full_length_high_loss : sums_.full_length_low_loss) += duration;
  } else {
    (high_loss ? sums_.short_high_loss : sums_.short_low_loss) += duration;
  }
}

LoadClass TargetTally::classification() const {
  return classify(sums_, target_.exceed_ratio, target_.duration_sum);
}

double TargetTally::quantile_loss_ratio() const {
  // draft-06 Appendix B. Trials with equal loss ratios are grouped; that picks the
  // same ratio and leaves the same remainder as walking them one by one.
  const double all_long_sum =
      std::max(target_.duration_sum.count(),
               sums_.full_length_low_loss.count() + sums_.full_length_high_loss.count());
  double remaining = all_long_sum * (1.0 - target_.exceed_ratio);
  bool taken = false;
  double quantile_loss_ratio = 1.0;
  for (const auto& [loss_ratio, duration] : full_length_duration_by_loss_ratio_) {
    if (taken && remaining <= 0.0) return quantile_loss_ratio;
    quantile_loss_ratio = loss_ratio;
    remaining -= duration.count();
    taken = true;
  }
  // The missing part of the duration sum counts as imaginary 100 %-loss trials.
  return remaining > 0.0 ? 1.0 : quantile_loss_ratio;
}

}  // namespace trexsearch::mlr
