// The TRex measurer's forced starts (docs/trials.md "Forced starts"): TRex skips its
// link, destination and line-rate checks, so the measurer checks link and destination
// itself, and a load above the line rate is the tester's limit.
#include <doctest/doctest.h>

#include "measure/errors.hpp"
#include "measure/trial_result.hpp"
#include "tests/trex_client/measurer_rig.hpp"

using namespace trexsearch::trex;
using measurer_rig::Rig;
using measurer_rig::unprimed;
using trexsearch::measure::Seconds;
using trexsearch::measure::TrialOutcome;

TEST_CASE("a load above the line rate: TRex's error unforced, a tester-limited trial forced") {
  SUBCASE("without force_start TRex refuses, and the trial is not left running") {
    TrexMeasurerConfig config = unprimed();
    config.force_start = false;
    Rig rig(test_support::emulator_options(1000.0), config);
    try {
      rig.measurer->measure(Seconds{1.0}, 2e7, {});
      FAIL("started above line rate");
    } catch (const TrexError& error) {
      CHECK(error.kind() == TrexErrorKind::rpc);
      CHECK(error.specific_err().find("exceeds port line rate") != std::string::npos);
    }
    CHECK(rig.session->api().get_port_status(0).state == PortState::streams);
  }
  SUBCASE("forced (the default), the port cannot keep up: tester-limited, never a pass") {
    Rig rig(test_support::emulator_options(1000.0));
    const TrialOutcome outcome = rig.measurer->measure(Seconds{1.0}, 2e7, {});
    CHECK(outcome.tester_limited_pps.has_value());
    CHECK(rig.session->api().get_port_status(0).state == PortState::streams);
  }
}

TEST_CASE("forced starts: a dead link is found before the first trial, never counted as loss") {
  SUBCASE("forced (the default): the measurer's own check names the port") {
    Rig rig(test_support::emulator_options(1000.0));
    rig.emulator.faults().set_link_up(1, false);
    CHECK_THROWS_WITH_AS(rig.measurer->measure(Seconds{1.0}, 1e5, {}),
                         doctest::Contains("TRex port 1: link is down (checked before the first "
                                           "trial; the measurer starts traffic with force_start"),
                         trexsearch::measure::MeasurementError);
    CHECK(rig.measurer->trials() == 0);
    // Up again: the next trial checks again and runs.
    rig.emulator.faults().set_link_up(1, true);
    const TrialOutcome outcome = rig.measurer->measure(Seconds{1.0}, 1e5, {});
    CHECK(outcome.loss_count == 0);
    CHECK(rig.measurer->trials() == 1);
  }
  SUBCASE("unforced: TRex refuses the start itself") {
    TrexMeasurerConfig config = unprimed();
    config.force_start = false;
    Rig rig(test_support::emulator_options(1000.0), config);
    rig.emulator.faults().set_link_up(1, false);
    CHECK_THROWS_WITH_AS(rig.measurer->measure(Seconds{1.0}, 1e5, {}),
                         doctest::Contains("Link state is DOWN."), TrexError);
  }
}

TEST_CASE("forced starts: a link lost between trials fails the trial that received nothing") {
  Rig rig(test_support::emulator_options(1000.0));
  CHECK(rig.measurer->measure(Seconds{1.0}, 1e5, {}).loss_count == 0);
  CHECK(rig.measurer->measure(Seconds{1.0}, 1e5, {}).loss_count == 0);

  rig.emulator.faults().set_link_up(0, false);
  CHECK_THROWS_WITH_AS(
      rig.measurer->measure(Seconds{1.0}, 1e5, {}),
      doctest::Contains("TRex port 0: link is down (checked after a trial at 100000 pps for 1 s "
                        "in which direction 0->1 received none of its"),
      trexsearch::measure::MeasurementError);
  CHECK(rig.measurer->trials() == 2);

  rig.emulator.faults().set_link_up(0, true);
  // Checked again before it, and it runs.
  CHECK(rig.measurer->measure(Seconds{1.0}, 1e5, {}).loss_count == 0);
  CHECK(rig.measurer->trials() == 3);
}
