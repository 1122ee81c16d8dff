#include <doctest/doctest.h>

#include "search/load_classification.hpp"

using namespace trexsearch;
using namespace trexsearch::mlr;

namespace {

DurationSums sums(double good_long, double bad_long, double good_short, double bad_short) {
  return {measure::Seconds{good_long}, measure::Seconds{bad_long}, measure::Seconds{good_short},
          measure::Seconds{bad_short}};
}

measure::TrialResult trial(double loss_ratio, double intended_s, double effective_s = -1.0) {
  return measure::TrialResult::from_loss_ratio(
      1e6, measure::Seconds{intended_s},
      measure::Seconds{effective_s < 0 ? intended_s : effective_s}, loss_ratio);
}

}  // namespace

// Cases worked by hand from the draft-06 Appendix A pseudocode.
TEST_CASE(
    "Appendix A: CSIT goal (exceed 0.5, sum 21 s) needs 11 good 1 s trials for a lower bound") {
  CHECK(classify(sums(10, 0, 0, 0), 0.5, measure::Seconds{21}) ==
        LoadClass::undecided);  // 21-10 > 10.5
  CHECK(classify(sums(11, 0, 0, 0), 0.5, measure::Seconds{21}) == LoadClass::lower_bound);
}

TEST_CASE("Appendix A: CSIT goal needs 11 bad trials for an upper bound") {
  CHECK(classify(sums(0, 10, 0, 0), 0.5, measure::Seconds{21}) ==
        LoadClass::undecided);  // 10 <= 10.5
  CHECK(classify(sums(0, 11, 0, 0), 0.5, measure::Seconds{21}) == LoadClass::upper_bound);
}

TEST_CASE("Appendix A: with exceed ratio 0 one bad short trial is an upper bound") {
  CHECK(classify(sums(0, 0, 0, 1), 0.0, measure::Seconds{60}) == LoadClass::upper_bound);
  CHECK(classify(sums(59, 0, 0, 0), 0.0, measure::Seconds{60}) == LoadClass::undecided);
  CHECK(classify(sums(60, 0, 0, 0), 0.0, measure::Seconds{60}) == LoadClass::lower_bound);
}

TEST_CASE("Appendix A: good short trials balance bad short ones but never make a lower bound") {
  // balancing = 4 * 0.5 / 0.5 = 4 >= 3 bad short seconds: nothing effective is bad.
  CHECK(classify(sums(0, 0, 4, 3), 0.5, measure::Seconds{21}) == LoadClass::undecided);
  CHECK(classify(sums(0, 0, 100, 0), 0.5, measure::Seconds{21}) == LoadClass::undecided);
  // 13 bad short - 2 balancing = 11 effective bad seconds > 10.5.
  CHECK(classify(sums(0, 0, 2, 13), 0.5, measure::Seconds{21}) == LoadClass::upper_bound);
}

TEST_CASE("Appendix A: a tie at the quantile goes to the lower-bound side") {
  // whole = 4, quantile = 2, effective bad = 2, whole - good = 2.
  CHECK(classify(sums(2, 2, 0, 0), 0.5, measure::Seconds{4}) == LoadClass::lower_bound);
}

TEST_CASE("Appendix A: no trials at all is undecided") {
  CHECK(classify(sums(0, 0, 0, 0), 0.5, measure::Seconds{21}) == LoadClass::undecided);
  CHECK(classify(sums(0, 0, 0, 0), 0.0, measure::Seconds{1}) == LoadClass::undecided);
}

TEST_CASE("tallies split by intended duration and sum effective durations") {
  TargetTally tally({0.0, 0.5, measure::Seconds{1.0}, measure::Seconds{21.0}});
  tally.add(trial(0.0, 1.0, 1.5));    // full-length, low loss, counts 1.5 s
  tally.add(trial(0.01, 1.0, 1.25));  // full-length, high loss
  tally.add(trial(0.0, 0.5, 2.0));    // short (intended 0.5 < 1), low loss, counts 2 s
  tally.add(trial(0.3, 0.5));         // short, high loss
  CHECK(tally.sums().full_length_low_loss == measure::Seconds{1.5});
  CHECK(tally.sums().full_length_high_loss == measure::Seconds{1.25});
  CHECK(tally.sums().short_low_loss == measure::Seconds{2.0});
  CHECK(tally.sums().short_high_loss == measure::Seconds{0.5});
}

TEST_CASE("a trial that sent every frame but ended early counts its intended duration") {
  // RFC 2544's coarsest target: exceed ratio 0, a duration sum of one 1 s trial.
  TargetTally tally({0.0, 0.0, measure::Seconds{1.0}, measure::Seconds{1.0}});
  measure::TrialOutcome early;
  early.offered_count = 99662;
  early.intended_count = 99662;  // the TRex measurer counts max(intended, offered)
  early.effective_duration = measure::Seconds{0.9985};
  tally.add(measure::TrialResult::from_outcome(99661.0, measure::Seconds{1.0}, early));
  CHECK(tally.sums().full_length_low_loss == measure::Seconds{1.0});
  CHECK(tally.classification() == LoadClass::lower_bound);

  // Frames it did not send: its own, shorter duration (and it is high-loss).
  TargetTally short_of_frames({0.0, 0.5, measure::Seconds{1.0}, measure::Seconds{21.0}});
  measure::TrialOutcome unsent = early;
  unsent.offered_count = 99000;
  short_of_frames.add(measure::TrialResult::from_outcome(99661.0, measure::Seconds{1.0}, unsent));
  CHECK(short_of_frames.sums().full_length_high_loss == measure::Seconds{0.9985});

  // Tester-limited: its own duration too.
  TargetTally limited({0.0, 0.5, measure::Seconds{1.0}, measure::Seconds{21.0}});
  measure::TrialOutcome capped = early;
  capped.tester_limited_pps = 99000.0;
  limited.add(measure::TrialResult::from_outcome(99661.0, measure::Seconds{1.0}, capped));
  CHECK(limited.sums().full_length_high_loss == measure::Seconds{0.9985});

  // Longer than intended (overheads): counted in full, as before.
  TargetTally longer({0.0, 0.0, measure::Seconds{1.0}, measure::Seconds{1.0}});
  longer.add(trial(0.0, 1.0, 1.002));
  CHECK(longer.sums().full_length_low_loss == measure::Seconds{1.002});
}

TEST_CASE("a loss ratio equal to the goal loss ratio is low loss (strictly greater is high)") {
  TargetTally tally({0.005, 0.5, measure::Seconds{1.0}, measure::Seconds{1.0}});
  tally.add(trial(0.005, 1.0));
  CHECK(tally.sums().full_length_low_loss == measure::Seconds{1.0});
  CHECK(tally.classification() == LoadClass::lower_bound);
  TargetTally strict({0.005, 0.5, measure::Seconds{1.0}, measure::Seconds{1.0}});
  strict.add(trial(0.0050000001, 1.0));
  CHECK(strict.classification() == LoadClass::upper_bound);
}

// Cases worked by hand from the draft-06 Appendix B pseudocode.
TEST_CASE(
    "Appendix B: the quantile walks loss ratios upwards until (1 - exceed) of the sum is used") {
  TargetTally tally({0.005, 0.5, measure::Seconds{1.0}, measure::Seconds{21.0}});
  for (int i = 0; i < 5; ++i) tally.add(trial(0.001, 1.0));
  for (int i = 0; i < 6; ++i) tally.add(trial(0.003, 1.0));
  // remaining = 21 * 0.5 = 10.5: 0.001 takes 5 s, 0.003 takes the rest.
  CHECK(tally.quantile_loss_ratio() == 0.003);
}

TEST_CASE("Appendix B: the missing duration sum counts as 100 % loss") {
  TargetTally tally({0.0, 0.5, measure::Seconds{1.0}, measure::Seconds{21.0}});
  for (int i = 0; i < 3; ++i) tally.add(trial(0.0, 1.0));
  CHECK(tally.quantile_loss_ratio() == 1.0);  // 10.5 - 3 > 0 left over
  TargetTally empty({0.0, 0.5, measure::Seconds{1.0}, measure::Seconds{21.0}});
  CHECK(empty.quantile_loss_ratio() == 1.0);
}

TEST_CASE("Appendix B: short trials are ignored and an exactly used-up sum stops the walk") {
  TargetTally tally({0.0, 0.0, measure::Seconds{60.0}, measure::Seconds{60.0}});
  tally.add(trial(0.5, 7.0));   // short: ignored
  tally.add(trial(0.0, 60.0));  // remaining 60 - 60 = 0
  CHECK(tally.quantile_loss_ratio() == 0.0);
}

TEST_CASE("Appendix B: exceed ratio picks the quantile") {
  const auto fill = [](TargetTally& tally) {
    tally.add(trial(0.05, 5.0));
    tally.add(trial(0.01, 2.0));
    tally.add(trial(0.02, 3.0));
  };
  TargetTally low_exceed({0.0, 0.2, measure::Seconds{1.0}, measure::Seconds{10.0}});
  fill(low_exceed);
  CHECK(low_exceed.quantile_loss_ratio() == 0.05);  // remaining 8: 2, 3, then 0.05
  TargetTally high_exceed({0.0, 0.6, measure::Seconds{1.0}, measure::Seconds{10.0}});
  fill(high_exceed);
  CHECK(high_exceed.quantile_loss_ratio() == 0.02);  // remaining 4: 2, then 0.02
}
