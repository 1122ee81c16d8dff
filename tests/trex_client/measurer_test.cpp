// The TRex measurer against the emulator: exact counts from the simulated SUT,
// recovery from restarts and lost replies, and the anomalies it reports.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <stop_token>
#include <utility>
#include <vector>

#include "measure/errors.hpp"
#include "measure/trial_result.hpp"
#include "sim/sut_model.hpp"
#include "tests/support/emulator_fixture.hpp"
#include "tests/trex_client/measurer_rig.hpp"
#include "trex_client/measurer/repeating_measurer.hpp"
#include "trex_client/measurer/trex_measurer.hpp"
#include "trex_client/measurer/trial_interrupted.hpp"

using namespace trexsearch::trex;
using measurer_rig::noisy_options;
using measurer_rig::ReferenceSut;
using measurer_rig::Rig;
using measurer_rig::skip_unverified_runs;
using measurer_rig::unprimed;
using trexsearch::measure::Seconds;
using trexsearch::measure::TrialOutcome;

namespace {

bool has_note(const TrialOutcome& outcome, const std::string& prefix) {
  for (const trexsearch::measure::TrialNote& note : outcome.notes) {
    if (note.text().starts_with(prefix)) return true;
  }
  return false;
}

bool note_says(const TrialOutcome& outcome, const std::string& text) {
  for (const trexsearch::measure::TrialNote& note : outcome.notes) {
    if (note.text().find(text) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("trial counts match the emulator's simulated SUT exactly") {
  const emu::EmulatorOptions options = noisy_options(100.0);
  Rig rig(options);
  ReferenceSut reference(options);
  const Seconds duration{1.0};
  std::size_t measured_again = 0;
  for (double load : {0.9e6, 1.0e6, 1.03e6, 1.2e6, 0.25e6}) {
    CAPTURE(load);
    const TrialOutcome outcome = rig.measurer->measure(duration, load, {});
    skip_unverified_runs(rig, reference, duration, load);
    measured_again += rig.measurer->last_trial().unverified_notes.size();
    const TrialOutcome expected = reference.trial(duration, load);
    CHECK(outcome.offered_count == expected.offered_count);
    CHECK(outcome.loss_count == expected.loss_count);
    REQUIRE(outcome.intended_count);
    CHECK(*outcome.intended_count == 2 * std::llround(load * duration.count()));
    CHECK(outcome.counters == "flow_stats");
    CHECK_FALSE(outcome.tester_limited_pps);
    REQUIRE(outcome.effective_duration);
    CHECK(*outcome.effective_duration >= duration);
    // The outcome is a valid search trial result.
    const auto result = trexsearch::measure::TrialResult::from_outcome(load, duration, outcome);
    CHECK(result.loss_ratio() >= 0.0);
    const TrialTrace& record = rig.measurer->last_trial();
    REQUIRE(record.directions.size() == 2);
    CHECK(record.directions[0].offered + record.directions[1].offered == expected.offered_count);
    REQUIRE(outcome.directions.size() == 2);
    CHECK(outcome.directions[0].name == "0->1");
    CHECK(outcome.directions[1].name == "1->0");
    // Each direction has its own SUT instance (seed + tx port): their losses add up.
    CHECK(outcome.directions[0].loss() + outcome.directions[1].loss() == expected.loss_count);
    CHECK(record.rpc_exchanges >= 4);
  }
  // Two runs (one per port) per trial, and per run measured again.
  CHECK(rig.emulator.completed_runs() == 10 + 2 * measured_again);
  CHECK(rig.measurer->trials() == 5);
}

TEST_CASE("a settled trial's final read is the next one's baseline, after a loss too") {
  emu::EmulatorOptions options = test_support::emulator_options(100.0);
  options.sut_model = "sharp";
  options.sut_options = {{"capacity_pps", 1e6}};
  SUBCASE("flow_stats") {
    Rig rig(options);
    ReferenceSut reference(options);
    // load -> whether this trial's baseline is the previous final read: the first reads
    // one; after the lossy 1.2 Mpps trial the settled final read serves (two agreeing
    // reads: nothing left in flight), and the counts still equal the reference SUT's.
    const std::vector<std::pair<double, bool>> trials = {
        {5e5, false}, {6e5, true}, {1.2e6, true}, {7e5, true}, {8e5, true}};
    bool previous_settle_capped = false;
    for (const auto& trial : trials) {
      const double load = trial.first;
      CAPTURE(load);
      const TrialOutcome outcome = rig.measurer->measure(Seconds{1.0}, load, {});
      skip_unverified_runs(rig, reference, Seconds{1.0}, load);
      const TrialOutcome expected = reference.trial(Seconds{1.0}, load);
      CHECK(outcome.offered_count == expected.offered_count);
      CHECK(outcome.loss_count == expected.loss_count);
      const TrialTrace& record = rig.measurer->last_trial();
      // A run measured again (its TX end unverified, e.g. on a slow sanitizer build)
      // lost frames at 1.2 Mpps, and a capped settle may have missed late frames:
      // either way the next run reads its baseline afresh, which is the point.
      const bool reusable =
          trial.second && record.unverified_notes.empty() && !previous_settle_capped;
      CAPTURE(record.unverified_notes.size());
      CAPTURE(previous_settle_capped);
      if (reusable) CHECK(record.baseline_reused);
      if (!trial.second) CHECK_FALSE(record.baseline_reused);
      previous_settle_capped = record.settle_capped;
    }
  }
  SUBCASE("port counters always read their baseline: the SUT's frames move them") {
    TrexMeasurerConfig config = unprimed();
    config.counters = CounterSource::port;
    Rig rig(options, config);
    for (int i = 0; i < 3; ++i) {
      rig.measurer->measure(Seconds{1.0}, 5e5, {});
      CHECK_FALSE(rig.measurer->last_trial().baseline_reused);
    }
  }
}

TEST_CASE("the parts of a trial's overhead add up to its wall time beyond the duration") {
  Rig rig(noisy_options(100.0));
  for (int i = 0; i < 3; ++i) {
    rig.measurer->measure(Seconds{1.0}, 5e5, {});
    const TrialTrace& record = rig.measurer->last_trial();
    const TrialPhases& p = record.phases;
    CHECK(p.before_start.count() >= 0.0);
    CHECK(p.tx_end_wait.count() >= 0.0);  // the counts are read no earlier than request + D
    CHECK(p.settle == record.settle_time);
    const Seconds sum = p.before_start + p.tx_end_wait + p.settle + p.release + p.other;
    CHECK(sum.count() == doctest::Approx((record.wall_time - Seconds{1.0}).count()));
  }
}

TEST_CASE("a tester 1.5 % short of the load never passes, at speed 100 or on 10 ms trials") {
  // The stretch allowance is 0.5 % of the trial in TRex's clock: neither a 100x clock
  // (a 0.3 ms round trip is 30 emulated ms) nor a 10 ms trial (its 0.1 ms start delay,
  // the start reply's latency) widens it.
  for (const std::pair<double, double>& run : {std::pair{100.0, 1.0}, std::pair{1.0, 0.010}}) {
    // (No structured binding: clang 14 cannot capture one in CAPTURE's lambda.)
    const double speed = run.first;
    const double duration = run.second;
    CAPTURE(speed);
    emu::EmulatorOptions options = test_support::emulator_options(speed);
    options.max_tx_pps = 2e6;
    options.sut_options = {{"capacity_pps", 8e6}};
    Rig rig(options);
    for (int i = 0; i < 5; ++i) {
      CAPTURE(i);
      const TrialOutcome short_trial = rig.measurer->measure(Seconds{duration}, 2.03e6, {});
      REQUIRE(short_trial.tester_limited_pps);
      CHECK(*short_trial.tester_limited_pps == doctest::Approx(2e6).epsilon(0.001));
      CHECK(has_note(short_trial, "tester_limited: direction 0->1 "));
      CHECK(note_says(short_trial, "(the duration + 0.50 %, TRex's clock)"));
      const TrialOutcome kept_pace = rig.measurer->measure(Seconds{duration}, 1.99e6, {});
      const std::string first_note = kept_pace.notes.empty() ? "" : kept_pace.notes.front().text();
      CAPTURE(first_note);
      CHECK_FALSE(kept_pace.tester_limited_pps);
      CHECK(kept_pace.loss_count == 0);
      // (A stall of a loaded machine may add a start_skew or tx_end_unverified note.)
      CHECK_FALSE(has_note(kept_pace, "tester_limited"));
    }
  }
}

TEST_CASE("a tester that keeps pace is never flagged, even on 10 ms trials") {
  emu::EmulatorOptions options = test_support::emulator_options(1.0);
  options.sut_options = {{"capacity_pps", 1e7}};
  Rig rig(options);
  for (int i = 0; i < 20; ++i) {
    const TrialOutcome outcome = rig.measurer->measure(Seconds{0.010}, 1e5, {});
    CAPTURE(i);
    CHECK_FALSE(outcome.tester_limited_pps);
    CHECK(outcome.loss_count == 0);
    // A slow read (ASan, a loaded machine) may have the trial measured again
    // (tx_end_unverified) or TRex start the ports apart (start_skew): never flagged.
    for (const trexsearch::measure::TrialNote& note : outcome.notes) {
      CHECK((note.key == "tx_end_unverified" || note.key == "start_skew"));
    }
  }
}

TEST_CASE("per-stream counting ignores the SUT's own frames; port counting shows them") {
  emu::EmulatorOptions options = test_support::emulator_options(100.0);
  options.dut_frames_per_run = 7;
  SUBCASE("flow_stats (default)") {
    Rig rig(options);
    const TrialOutcome outcome = rig.measurer->measure(Seconds{1.0}, 1e5, {});
    CHECK(outcome.offered_count == 200'000);
    CHECK(outcome.loss_count == 0);
    CHECK(outcome.counters == "flow_stats");
    CHECK(has_note(outcome, "sut_frames: the receiving ports also got 14 frames"));
    CHECK_FALSE(has_note(outcome, "negative_loss"));
    CHECK(rig.measurer->last_trial().foreign_rx_frames == 14);
  }
  SUBCASE("port counters") {
    TrexMeasurerConfig config = unprimed();
    config.counters = CounterSource::port;
    Rig rig(options, config);
    const TrialOutcome outcome = rig.measurer->measure(Seconds{1.0}, 1e5, {});
    CHECK(outcome.offered_count == 200'000);
    CHECK(outcome.loss_count == -14);
    CHECK(outcome.counters == "port");
    CHECK(has_note(outcome, "negative_loss: direction 0->1 received 7 more frames than it sent"));
    CHECK(has_note(outcome, "port_counters: "));
    CHECK(rig.measurer->last_trial().negative_loss);
  }
}

TEST_CASE("in-flight frames are waited for: counts are exact despite SUT latency") {
  // Real time, tiny trial: 20 ms of 1 Mpps through a SUT that holds frames 10 ms.
  emu::EmulatorOptions options = test_support::emulator_options(1.0);
  options.sut_options = {{"capacity_pps", 1e7}};
  options.sut_latency = Seconds{0.010};
  Rig rig(options);
  const TrialOutcome outcome = rig.measurer->measure(Seconds{0.020}, 1e6, {});
  CHECK(outcome.offered_count == 40'000);
  // Reading right after TX ended would have missed ~10 ms of frames.
  CHECK(outcome.loss_count == 0);
  CHECK_FALSE(rig.measurer->last_trial().settle_capped);
  CHECK(outcome.notes.empty());
}

TEST_CASE("settling is bounded by settle_max and reported when cut short") {
  emu::EmulatorOptions options = test_support::emulator_options(100.0);
  // Frames keep arriving for 9 s (emulated; 90 ms real) after TX ends.
  options.sut_latency = Seconds{9.0};
  TrexMeasurerConfig config;
  config.settle_max = Seconds{0.5};
  // Per-stream and port counters both lag by the SUT's latency in the emulator.
  SUBCASE("flow_stats") {}
  SUBCASE("port counters") { config.counters = CounterSource::port; }
  Rig rig(options, config);
  const TrialOutcome outcome = rig.measurer->measure(Seconds{10.0}, 1e5, {});
  CHECK(rig.measurer->last_trial().settle_capped);
  CHECK(has_note(outcome, "settle_capped"));
  CHECK(outcome.loss_count > 0);  // frames still inside the SUT
}

TEST_CASE("settle_min holds the final read back (RFC 2544's fixed wait)") {
  emu::EmulatorOptions options = test_support::emulator_options(1000.0);
  TrexMeasurerConfig config;
  config.settle_min = Seconds{2.0};
  config.settle_max = Seconds{3.0};
  Rig rig(options, config);
  rig.measurer->measure(Seconds{1.0}, 1e5, {});
  CHECK(rig.measurer->last_trial().settle_time >= Seconds{2.0});
}

TEST_CASE("a stop request ends the trial: traffic stopped, MeasurementCancelled") {
  Rig rig(test_support::emulator_options(1000.0));
  std::stop_source stop;
  rig.clock.on_next_wait([&] { stop.request_stop(); });
  CHECK_THROWS_AS(rig.measurer->measure(Seconds{100.0}, 1e5, stop.get_token()),
                  trexsearch::measure::MeasurementCancelled);
  CHECK(rig.session->api().get_port_status(0).state == PortState::streams);
  CHECK(rig.session->api().get_port_status(1).state == PortState::streams);
  std::stop_source already;
  already.request_stop();
  CHECK_THROWS_AS(rig.measurer->measure(Seconds{1.0}, 1e5, already.get_token()),
                  trexsearch::measure::MeasurementCancelled);
}

TEST_CASE("a warmup trial runs before the first trial only") {
  const emu::EmulatorOptions options = noisy_options(100.0);
  TrexMeasurerConfig config;
  config.warmup_duration = Seconds{0.5};
  Rig rig(options, config);
  ReferenceSut reference(options);
  reference.trial(Seconds{0.5}, 9e5);  // the warmup's SUT trial
  TrialOutcome outcome = rig.measurer->measure(Seconds{1.0}, 9e5, {});
  skip_unverified_runs(rig, reference, Seconds{1.0}, 9e5);
  // A run whose TX end went unverified (a loaded machine) is measured again: one
  // more run on each port.
  std::size_t measured_again = rig.measurer->last_trial().unverified_notes.size();
  TrialOutcome expected = reference.trial(Seconds{1.0}, 9e5);
  CHECK(rig.measurer->last_trial().warmup_done);
  CHECK(outcome.offered_count == expected.offered_count);
  CHECK(outcome.loss_count == expected.loss_count);
  outcome = rig.measurer->measure(Seconds{1.0}, 9e5, {});
  skip_unverified_runs(rig, reference, Seconds{1.0}, 9e5);
  measured_again += rig.measurer->last_trial().unverified_notes.size();
  expected = reference.trial(Seconds{1.0}, 9e5);
  CHECK_FALSE(rig.measurer->last_trial().warmup_done);
  CHECK(outcome.loss_count == expected.loss_count);
  // The warmup, then each trial: one run on each of the two ports.
  CHECK(rig.emulator.completed_runs() == 6 + 2 * measured_again);
}

TEST_CASE("bad loads, durations and configurations are refused with their names") {
  Rig rig(test_support::emulator_options(1000.0));
  CHECK_THROWS_WITH_AS(rig.measurer->measure(Seconds{1.0}, 0.0, {}), doctest::Contains("load"),
                       trexsearch::measure::MeasurementError);
  CHECK_THROWS_WITH_AS(rig.measurer->measure(Seconds{-1.0}, 1e5, {}), doctest::Contains("duration"),
                       trexsearch::measure::MeasurementError);
  TrexMeasurerConfig config;
  config.directions = {{0, 1, 1}};
  config.settle_min = Seconds{2.0};
  config.settle_max = Seconds{1.0};
  CHECK_THROWS_WITH_AS(TrexMeasurer(*rig.session, config, rig.clock),
                       doctest::Contains("settle_max"), trexsearch::measure::ConfigError);
  config = {};
  config.directions = {{0, 3, 1}};
  CHECK_THROWS_WITH_AS(TrexMeasurer(*rig.session, config, rig.clock),
                       doctest::Contains("not one of the session's ports"),
                       trexsearch::measure::ConfigError);
  config = {};
  CHECK_THROWS_WITH_AS(TrexMeasurer(*rig.session, config, rig.clock),
                       doctest::Contains("directions"), trexsearch::measure::ConfigError);
  config.directions = {{0, 1, std::nullopt}};
  CHECK_THROWS_WITH_AS(TrexMeasurer(*rig.session, config, rig.clock),
                       doctest::Contains("needs a pg_id"), trexsearch::measure::ConfigError);
}
