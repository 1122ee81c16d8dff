// The settle's two agreeing reads may be the TX-end read that saw every frame sent and
// the stop's read, when TRex's stop took longer than the settle interval: a lossy
// trial then needs no read after the stop (docs/trials.md, step 4). On virtual time
// (tests/support/virtual_trex.hpp), with a stop that takes TRex's barrier time.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "measure/trial_note.hpp"
#include "tests/support/trial_notes.hpp"
#include "tests/trex_client/virtual_rig.hpp"

namespace trexsearch::trex {
namespace {

using measure::Seconds;

constexpr double capacity_pps = 8000.0;
constexpr double load_pps = 10000.0;  // above the capacity: every trial loses frames

// A virtual TRex whose stop takes `stop_time`, in front of a SUT that forwards at
// most capacity_pps per direction and holds each frame `sut_latency`.
struct QuietRig : measurer_rig::VirtualRig {
  QuietRig(Seconds stop_time, Seconds sut_latency)
      : VirtualRig(sut_options(sut_latency), stop_time) {}

  static emu::EmulatorOptions sut_options(Seconds sut_latency) {
    emu::EmulatorOptions options;
    options.sut_model = "sharp";
    options.sut_options = {{"capacity_pps", capacity_pps}};
    options.sut_latency = sut_latency;
    return options;
  }

  // The exchanges after the last one that stopped traffic.
  std::vector<std::string> after_stop() const {
    std::vector<std::string> methods;
    for (const auto& exchange : trex->exchanges()) {
      if (exchange.method.find("stop_traffic") != std::string::npos) {
        methods.clear();
      } else {
        methods.push_back(exchange.method);
      }
    }
    return methods;
  }
};

}  // namespace

TEST_CASE("a lossy trial whose stop outlasted the settle interval is settled by the stop's read") {
  // The reference: a stop that takes no time, so the settle reads once more, 1 ms on.
  QuietRig reference(Seconds{0.0}, Seconds{0.0});
  const measure::TrialOutcome expected = reference.measurer->measure(Seconds{1.0}, load_pps, {});
  REQUIRE(expected.loss_count > 0);
  CHECK(reference.after_stop().size() == 1);
  CHECK(reference.measurer->last_trial().settle_reads == 1);

  // TRex's barrier: 2 ms between the read that saw every frame sent and the stop's
  // read, and nothing arrived in between (the SUT holds no frame).
  QuietRig rig(Seconds{0.002}, Seconds{0.0});
  const measure::TrialOutcome outcome = rig.measurer->measure(Seconds{1.0}, load_pps, {});
  CHECK(rig.after_stop().empty());
  CHECK(rig.measurer->last_trial().settle_reads == 0);
  CHECK(outcome.offered_count == expected.offered_count);
  CHECK(outcome.loss_count == expected.loss_count);
  CHECK(outcome.notes.empty());
  // The stop's read is the next trial's baseline; the next trial's counts show no
  // frame of this one (a late frame would be negative loss there).
  const measure::TrialOutcome next = rig.measurer->measure(Seconds{1.0}, load_pps, {});
  CHECK(rig.measurer->last_trial().baseline_reused);
  CHECK(next.offered_count == expected.offered_count);
  CHECK(next.loss_count == expected.loss_count);
  CHECK_FALSE(test_support::has_note_key(next, measure::note_key::negative_loss));
}

TEST_CASE("frames still arriving at the stop's read are waited for as before") {
  QuietRig reference(Seconds{0.0}, Seconds{0.0});
  const measure::TrialOutcome expected = reference.measurer->measure(Seconds{1.0}, load_pps, {});
  SUBCASE("a SUT that holds frames longer than the stop takes") {
    // Received counts move between the two reads: they do not agree, and the
    // settle reads on until two reads 1 ms apart do.
    QuietRig rig(Seconds{0.002}, Seconds{0.003});
    const measure::TrialOutcome outcome = rig.measurer->measure(Seconds{1.0}, load_pps, {});
    CHECK(rig.after_stop().size() >= 1);
    CHECK(outcome.loss_count == expected.loss_count);
    CHECK_FALSE(rig.measurer->last_trial().settle_capped);
  }
  SUBCASE("a stop quicker than the settle interval and a read's round trip") {
    QuietRig rig(Seconds{0.0005}, Seconds{0.0});
    const measure::TrialOutcome outcome = rig.measurer->measure(Seconds{1.0}, load_pps, {});
    CHECK(rig.after_stop().size() == 1);
    CHECK(outcome.loss_count == expected.loss_count);
  }
}

}  // namespace trexsearch::trex
