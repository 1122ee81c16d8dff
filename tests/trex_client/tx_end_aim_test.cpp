// The TX-end read aimed just past a direction's allowed end: a tester that ends a
// fraction of a millisecond late is proven late by that read, instead of finishing
// between two reads a poll interval apart, being `unverified` and run again. On
// virtual time (tests/support/virtual_trex.hpp), so every read lands where aimed.
#include <doctest/doctest.h>

#include <memory>

#include "measure/trial_note.hpp"
#include "tests/support/trial_notes.hpp"
#include "tests/support/virtual_trex.hpp"
#include "tests/trex_client/measurer_rig.hpp"
#include "trex_client/measurer/trex_measurer.hpp"
#include "trex_client/session/trex_session.hpp"

namespace trexsearch::trex {
namespace {

using measure::Seconds;
using testsupport::VirtualTrex;
using testsupport::VirtualWaitClock;

// A session on a virtual TRex whose ports send at most `max_tx_pps`, both directions
// of the measurer tests' profile loaded, and an unprimed measurer on the same clock.
struct SlowTester {
  explicit SlowTester(double max_tx_pps) {
    emu::EmulatorOptions options;
    options.max_tx_pps = max_tx_pps;
    auto channel = std::make_unique<VirtualTrex>(clock, options);
    SessionConfig session_config;
    session_config.ports = {0, 1};
    session_config.retry_clock = &clock;
    session = std::make_unique<TrexSession>(std::move(channel), session_config);
    session->connect();
    const CompiledProfile compiled = measurer_rig::bidirectional_profile();
    session->load_streams(compiled.ports);
    TrexMeasurerConfig config = measurer_rig::unprimed();
    config.directions = compiled.directions;
    measurer = std::make_unique<TrexMeasurer>(*session, config, clock);
  }

  VirtualWaitClock clock;
  std::unique_ptr<TrexSession> session;
  std::unique_ptr<TrexMeasurer> measurer;
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

}  // namespace trexsearch::trex
