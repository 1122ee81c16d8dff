// A tester at its limit, at the end of its TX. The read aimed just past a direction's
// allowed end: a tester that ends a fraction of a millisecond late is proven late by
// that read, instead of finishing between two reads a poll interval apart, being
// `unverified` and run again. And a tester far too slow is stopped at its allowed end.
// On virtual time (tests/support/virtual_trex.hpp), so every read lands where aimed.
#include <doctest/doctest.h>

#include <memory>

#include "measure/trial_note.hpp"
#include "measure/trial_result.hpp"
#include "tests/support/trial_notes.hpp"
#include "tests/trex_client/virtual_rig.hpp"

namespace trexsearch::trex {
namespace {

using measure::Seconds;

// A virtual TRex whose ports send at most `max_tx_pps`.
struct SlowTester : measurer_rig::VirtualRig {
  explicit SlowTester(double max_tx_pps) : VirtualRig(options_sending_at_most(max_tx_pps)) {}

  static emu::EmulatorOptions options_sending_at_most(double max_tx_pps) {
    emu::EmulatorOptions options;
    options.max_tx_pps = max_tx_pps;
    return options;
  }
};

}  // namespace

TEST_CASE("a direction done 0.2 ms past its allowed end is proven late, not run again") {
  // 10000 frames in 1 s allowed 1.005 s; at 9948 pps they take 1.0052 s. Polled every
  // 0.5 ms from the start request, the reads fall 0.1 ms before the end (still sending)
  // and 0.4 ms after it (done): neither shows it, and the trial was run twice more.
  SlowTester rig(10000.0 / 1.0052);
  const measure::TrialOutcome outcome = rig.measurer->measure(Seconds{1.0}, 10000.0, {});
  const TrialTrace& trace = rig.measurer->last_trial();
  CHECK(trace.unverified_notes.empty());
  CHECK(trace.tester_limited);
  CHECK(test_support::has_note_key(outcome, measure::note_key::tester_limited));
  CHECK_FALSE(test_support::has_note_key(outcome, measure::note_key::tx_end_unverified));
  REQUIRE(trace.tx_judgements.size() == 2);
  for (const TxEndJudge::Judgement& judgement : trace.tx_judgements) {
    CHECK(judgement.verdict == TxEndJudge::Verdict::late);
    // The read it rests on came just past the end, not a poll interval later.
    CHECK(judgement.evidence_s >= judgement.allowed_s);
    CHECK(judgement.evidence_s <= judgement.allowed_s + 100e-6);
  }
}

TEST_CASE("a direction done just before its allowed end stays in time") {
  SlowTester rig(10000.0 / 1.0045);
  const measure::TrialOutcome outcome = rig.measurer->measure(Seconds{1.0}, 10000.0, {});
  const TrialTrace& trace = rig.measurer->last_trial();
  CHECK(trace.unverified_notes.empty());
  CHECK_FALSE(trace.tester_limited);
  CHECK(outcome.notes.empty());
  CHECK(outcome.loss_count == 0);
}

TEST_CASE("a tester that stretches the trial is stopped in time and the trial never passes") {
  SlowTester rig(5e5);  // each port would need 2 s for 1 s worth of 1 Mpps
  const measure::TrialOutcome outcome = rig.measurer->measure(Seconds{1.0}, 1e6, {});
  // Stopped at the allowed end, 1.005 s after each port began: about half the frames
  // went out (5e5 pps for 1.005 s per direction), the rest are unsent.
  CHECK(outcome.offered_count >= 1'000'000);
  CHECK(outcome.offered_count <= 1'010'000);
  CHECK(*outcome.intended_count == 2 * 999'990);
  REQUIRE(outcome.tester_limited_pps);
  // Its pace in TRex's clock.
  CHECK(*outcome.tester_limited_pps == doctest::Approx(5e5).epsilon(0.001));
  CHECK(test_support::has_note_key(outcome, measure::note_key::tester_limited));
  const TrialTrace& trace = rig.measurer->last_trial();
  CHECK(trace.tester_limited);
  CHECK(trace.tx_stopped);
  // Stopped soon after the allowed end, not when the stretched 2 s were over.
  CHECK(trace.tx_time < Seconds{1.01});
  const auto result = measure::TrialResult::from_outcome(1e6, Seconds{1.0}, outcome);
  CHECK(result.loss_ratio() == 1.0);
  CHECK(result.measured_loss_ratio() < 0.6);
  // The forwarding rate the initial phase uses is what got through, not zero.
  CHECK(result.forwarding_rate_pps() > 4e5);
}

}  // namespace trexsearch::trex
