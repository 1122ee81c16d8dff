// When a trial's TX is over and its frames have arrived, judged from per-stream
// counters (trial_counting.hpp), and the notes that depend on the trial's timing.
#include <doctest/doctest.h>

#include <vector>

#include "trex_client/measurer/trial_counting.hpp"
#include "trex_client/measurer/trial_notes.hpp"

using namespace trexsearch::trex;

namespace {

// Two directions: pg 1 from port 0 to 1, pg 2 from port 1 to 0.
std::vector<TrafficDirection> directions() {
  return {TrafficDirection{0, 1, 1u}, TrafficDirection{1, 0, 2u}};
}

PgCounters pg(std::uint32_t id, std::uint8_t tx_port, std::uint64_t tx, std::uint64_t rx,
              std::uint64_t version = 7) {
  PgCounters counters;
  counters.pg_id = id;
  counters.version = version;
  counters.tx_packets[tx_port] = tx;
  counters.rx_packets[static_cast<std::uint8_t>(tx_port ^ 1)] = rx;
  return counters;
}

StatsSnapshot snapshot(std::vector<PgCounters> pgids) {
  StatsSnapshot s;
  s.pgids = std::move(pgids);
  return s;
}

}  // namespace

TEST_CASE("TX is over once every direction sent its intended frames since the baseline") {
  const StatsSnapshot baseline = snapshot({pg(1, 0, 1000, 990), pg(2, 1, 500, 500)});
  // Sent 100 and 99 since the baseline: the second direction is one short.
  CHECK_FALSE(
      all_sent(directions(), baseline, snapshot({pg(1, 0, 1100, 990), pg(2, 1, 599, 500)}), 100));
  CHECK(all_sent(directions(), baseline, snapshot({pg(1, 0, 1100, 990), pg(2, 1, 600, 500)}), 100));
  // TRex often sends one frame more: still over.
  CHECK(all_sent(directions(), baseline, snapshot({pg(1, 0, 1101, 990), pg(2, 1, 601, 500)}), 100));
  // Received counts do not matter for TX.
  CHECK(all_sent(directions(), baseline, snapshot({pg(1, 0, 1100, 0), pg(2, 1, 600, 0)}), 100));
}

TEST_CASE("a missing, re-created or backwards pg_id never counts as sent") {
  const StatsSnapshot baseline = snapshot({pg(1, 0, 1000, 990), pg(2, 1, 500, 500)});
  CHECK_FALSE(all_sent(directions(), baseline, snapshot({pg(1, 0, 1100, 990)}), 100));
  CHECK_FALSE(all_sent(directions(), baseline,
                       snapshot({pg(1, 0, 1100, 990), pg(2, 1, 600, 500, 8)}), 100));
  CHECK_FALSE(
      all_sent(directions(), baseline, snapshot({pg(1, 0, 900, 990), pg(2, 1, 600, 500)}), 0));
  // Port counting has no pg_id to judge by.
  const std::vector<TrafficDirection> by_port = {TrafficDirection{0, 1, std::nullopt}};
  CHECK_FALSE(all_sent(by_port, baseline, baseline, 0));
}

TEST_CASE("all frames arrived when every stream received exactly what it sent") {
  const StatsSnapshot baseline = snapshot({pg(1, 0, 1000, 990), pg(2, 1, 500, 500)});
  CHECK(all_received(directions(), baseline, snapshot({pg(1, 0, 1100, 1090), pg(2, 1, 600, 600)})));
  CHECK_FALSE(
      all_received(directions(), baseline, snapshot({pg(1, 0, 1100, 1089), pg(2, 1, 600, 600)})));
  // More received than sent (duplicates) may still grow: not settled.
  CHECK_FALSE(
      all_received(directions(), baseline, snapshot({pg(1, 0, 1100, 1091), pg(2, 1, 600, 600)})));
}

TEST_CASE("ports started more than 1 % of the trial apart get a start_skew note") {
  TrialTrace record;
  NoteInputs inputs;
  inputs.intended_duration = trexsearch::measure::Seconds{1.0};
  record.start_skew = trexsearch::measure::Seconds{0.004};
  CHECK(trial_notes(record, inputs).empty());
  inputs.intended_duration = trexsearch::measure::Seconds{0.010};
  const std::vector<std::string> notes =
      trexsearch::measure::note_texts(trial_notes(record, inputs));
  REQUIRE(notes.size() == 1);
  CHECK(notes[0] ==
        "start_skew: TRex started the ports 4.00 ms apart (40.0 % of the trial): the directions "
        "overlapped for less than the duration");
}
