#pragma once

#include <map>
#include <string_view>

#include "measure/trial_result.hpp"
#include "measure/units.hpp"

namespace trexsearch::mlr {

/// The goal attributes that load classification and conditional throughput use.
struct ClassificationTarget {
  double loss_ratio = 0.0;
  double exceed_ratio = 0.5;
  /// Trials with intended duration at least this are full-length.
  measure::Seconds trial_duration{1.0};
  measure::Seconds duration_sum{21.0};
  measure::LossScope loss_scope = measure::LossScope::aggregate;
};

/// draft-06 Appendix A: a load is a lower bound, an upper bound, or undecided.
enum class LoadClass { lower_bound, upper_bound, undecided };

std::string_view to_string(LoadClass load_class);

/// The four sums of effective durations that Appendix A works on.
struct DurationSums {
  measure::Seconds full_length_low_loss{0.0};
  measure::Seconds full_length_high_loss{0.0};
  measure::Seconds short_low_loss{0.0};
  measure::Seconds short_high_loss{0.0};
};

/// draft-06 Appendix A, term for term.
LoadClass classify(const DurationSums& sums, double exceed_ratio, measure::Seconds duration_sum);

/// Everything measured at one load, seen through one target: the duration sums
/// and, for full-length trials, the summed duration per loss ratio (Appendix B).
class TargetTally {
 public:
  explicit TargetTally(const ClassificationTarget& target) : target_(target) {}

  /// Counts the trial: short vs full-length by intended duration, summed by
  /// effective duration, high-loss iff loss ratio > goal loss ratio (strict),
  /// the loss ratio taken over the target's loss scope.
  void add(const measure::TrialResult& trial);

  const DurationSums& sums() const { return sums_; }
  LoadClass classification() const;
  /// draft-06 Appendix B quantile loss ratio, with missing duration sum
  /// counted as 100 % loss. 1.0 when there is no full-length trial.
  double quantile_loss_ratio() const;

 private:
  ClassificationTarget target_;
  DurationSums sums_;
  std::map<double, measure::Seconds> full_length_duration_by_loss_ratio_;
};

}  // namespace trexsearch::mlr
