// TrexMeasurer's recovery: priming TRex, an emulator restart or a new TRex process
// between or during trials, a lost reply, a silent TRex (measurer_test.cpp: counting).
#include <doctest/doctest.h>

#include <functional>
#include <stop_token>
#include <utility>

#include "measure/errors.hpp"
#include "measure/trial_result.hpp"
#include "tests/support/emulator_fixture.hpp"
#include "tests/trex_client/measurer_rig.hpp"
#include "trex_client/measurer/repeating_measurer.hpp"
#include "trex_client/measurer/trex_measurer.hpp"
#include "trex_client/measurer/trial_interrupted.hpp"

using namespace trexsearch::trex;
using measurer_rig::bidirectional_profile;
using measurer_rig::HookClock;
using measurer_rig::noisy_options;
using measurer_rig::ReferenceSut;
using measurer_rig::Rig;
using measurer_rig::skip_unverified_runs;
using measurer_rig::unprimed;
using trexsearch::measure::Seconds;
using trexsearch::measure::TrialOutcome;

TEST_CASE("a short discarded run primes TRex before the first trial and after a recovery") {
  emu::EmulatorOptions options = test_support::emulator_options(100.0);
  options.sut_model = "sharp";
  options.sut_options = {{"capacity_pps", 1e6}};
  Rig rig(options, TrexMeasurerConfig{});  // the defaults: prime_duration 10 ms
  rig.measurer->measure(Seconds{1.0}, 5e5, {});
  CHECK(rig.measurer->last_trial().primed);
  // A run measured again (its TX end unverified on a loaded machine) is one more each.
  std::size_t again = rig.measurer->last_trial().unverified_notes.size();
  CHECK(rig.emulator.completed_runs() == 2 * (2 + again));  // prime + trial, both ports
  const TrialOutcome second = rig.measurer->measure(Seconds{1.0}, 5e5, {});
  again += rig.measurer->last_trial().unverified_notes.size();
  CHECK_FALSE(rig.measurer->last_trial().primed);
  CHECK(rig.emulator.completed_runs() == 2 * (3 + again));
  CHECK(second.offered_count == 2 * 500'000);  // the prime's frames are not counted
  CHECK(second.loss_count == 0);
  rig.emulator.restart();
  rig.measurer->measure(Seconds{1.0}, 5e5, {});
  CHECK(rig.measurer->last_trial().primed);
  SUBCASE("a warmup primes too") {
    TrexMeasurerConfig config;
    config.warmup_duration = Seconds{0.5};
    Rig warm(options, config);
    warm.measurer->measure(Seconds{1.0}, 5e5, {});
    CHECK(warm.measurer->last_trial().warmup_done);
    CHECK_FALSE(warm.measurer->last_trial().primed);
    CHECK(warm.emulator.completed_runs() ==
          2 * (2 + warm.measurer->last_trial().unverified_notes.size()));
  }
}

TEST_CASE("an emulator restart in a 10-trial sequence costs one repeated trial") {
  const emu::EmulatorOptions options = noisy_options(100.0);
  Rig rig(options);
  RepeatingMeasurer repeating(*rig.measurer);
  ReferenceSut reference(options);
  const Seconds duration{1.0};
  const double load = 1.01e6;
  for (int trial = 0; trial < 10; ++trial) {
    CAPTURE(trial);
    if (trial == 4) {
      // Restart while the traffic of trial 4 runs: that SUT trial is lost.
      rig.clock.on_next_wait([&] { rig.emulator.restart(); });
      reference.trial(duration, load);
    }
    const TrialOutcome outcome = repeating.measure(duration, load, {});
    skip_unverified_runs(rig, reference, duration, load);
    const TrialOutcome expected = reference.trial(duration, load);
    CHECK(outcome.offered_count == expected.offered_count);
    CHECK(outcome.loss_count == expected.loss_count);
    CHECK(*outcome.intended_count == 2 * std::llround(load));
  }
  CHECK(repeating.repeats() == 1);
  CHECK(rig.session->recoveries() == 1);
  CHECK(rig.emulator.restarts() == 1);
  CHECK(rig.measurer->trials() == 10);
}

TEST_CASE("a restart between trials is recovered before the traffic starts: no repeat") {
  const emu::EmulatorOptions options = noisy_options(100.0);
  Rig rig(options);
  ReferenceSut reference(options);
  rig.measurer->measure(Seconds{1.0}, 5e5, {});
  reference.trial(Seconds{1.0}, 5e5);
  rig.emulator.restart();
  const TrialOutcome outcome = rig.measurer->measure(Seconds{1.0}, 5e5, {});
  skip_unverified_runs(rig, reference, Seconds{1.0}, 5e5);
  const TrialOutcome expected = reference.trial(Seconds{1.0}, 5e5);
  CHECK(outcome.offered_count == expected.offered_count);
  CHECK(outcome.loss_count == expected.loss_count);
  CHECK(rig.session->recoveries() == 1);
}

TEST_CASE("a reply lost mid-trial interrupts the trial; the repeat succeeds") {
  const emu::EmulatorOptions options = noisy_options(100.0);
  Rig rig(options, unprimed(), 0.1);
  ReferenceSut reference(options);
  rig.clock.on_next_wait([&] { rig.emulator.faults().drop_next_replies(1); });
  CHECK_THROWS_WITH_AS(rig.measurer->measure(Seconds{1.0}, 1e6, {}),
                       doctest::Contains("no reply within"), TrialInterrupted);
  reference.trial(Seconds{1.0}, 1e6);
  CHECK(rig.session->recoveries() == 1);
  RepeatingMeasurer repeating(*rig.measurer);
  const TrialOutcome outcome = repeating.measure(Seconds{1.0}, 1e6, {});
  skip_unverified_runs(rig, reference, Seconds{1.0}, 1e6);
  const TrialOutcome expected = reference.trial(Seconds{1.0}, 1e6);
  CHECK(outcome.offered_count == expected.offered_count);
  CHECK(outcome.loss_count == expected.loss_count);
  CHECK(repeating.repeats() == 0);
}

TEST_CASE("a TRex that stays silent fails the trial with a transport error") {
  emu::EmulatorOptions options = test_support::emulator_options(100.0);
  Rig rig(options, unprimed(), 0.05);
  rig.emulator.faults().set_silent(true);
  try {
    rig.measurer->measure(Seconds{1.0}, 1e5, {});
    FAIL("measured without TRex");
  } catch (const TrexError& error) {
    CHECK(error.kind() == TrexErrorKind::transport);
    CHECK(error.timed_out());
  }
  rig.emulator.faults().set_silent(false);
}

// A tester that stretches the trial: tests/trex_client/tx_end_aim_test.cpp (virtual time).

TEST_CASE("TRex replaced by a new process mid-trial: timeout, recovery, one repeat") {
  emu::EmulatorOptions options = noisy_options(100.0);
  auto emulator = std::make_unique<emu::EmulatorServer>(options);
  // The replacement binds the same port, like a restarted TRex.
  options.rpc_endpoint = emulator->rpc_endpoint();
  options.pub_endpoint = emulator->pub_endpoint();
  auto session = test_support::make_session(*emulator, {0, 1}, "tester", false, 0.2);
  session->connect();
  const CompiledProfile profile = bidirectional_profile();
  session->load_streams(profile.ports);
  SteadyWaitClock steady(options.speed);
  HookClock clock(steady);
  TrexMeasurerConfig config = unprimed();
  config.directions = profile.directions;
  TrexMeasurer measurer(*session, config, clock);
  RepeatingMeasurer repeating(measurer);
  ReferenceSut first_process(options);

  TrialOutcome outcome = repeating.measure(Seconds{1.0}, 1e6, {});
  skip_unverified_runs(measurer, first_process, Seconds{1.0}, 1e6);
  TrialOutcome expected = first_process.trial(Seconds{1.0}, 1e6);
  CHECK(outcome.loss_count == expected.loss_count);

  clock.on_next_wait([&] {
    emulator.reset();
    emulator = std::make_unique<emu::EmulatorServer>(options);
  });
  outcome = repeating.measure(Seconds{1.0}, 1e6, {});
  // A new process has fresh SUT models: the repeated trial is its first trial.
  ReferenceSut new_process(options);
  skip_unverified_runs(measurer, new_process, Seconds{1.0}, 1e6);
  expected = new_process.trial(Seconds{1.0}, 1e6);
  CHECK(outcome.offered_count == expected.offered_count);
  CHECK(outcome.loss_count == expected.loss_count);
  CHECK(repeating.repeats() == 1);
  CHECK(session->recoveries() == 1);
  CHECK(session->api().get_port_status(0).owner == "tester");
}
