// --max-tx-pps stretches traffic as TRex does (trex-protocol.md §5.5): every frame is
// sent, over a longer time; a stop at D + δ leaves the rest unsent on port and pg
// counters alike. The ceiling is per port, shared by the port's runs.
#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "trex_emulator/model/stl_state.hpp"

using namespace trexsearch::trex::emu;
using trexsearch::measure::Seconds;

namespace {

EmulatedStream tagged(std::uint32_t pg_id) {
  EmulatedStream s;
  s.rate_value = 1.0;
  s.flow_stats = true;
  s.pg_id = pg_id;
  return s;
}

EmulatorOptions ceiling(double max_tx_pps, double capacity_pps = 1e8) {
  EmulatorOptions options;
  options.sut_model = "sharp";
  options.sut_options = {{"capacity_pps", capacity_pps}};
  options.max_tx_pps = max_tx_pps;
  // These tests time the counters to the frame from the start request; the start
  // delay has its own test (emulator_pacing_test).
  options.data_plane_start_delay = Seconds{0.0};
  return options;
}

std::uint64_t sent(StlState& state, std::uint8_t port, double at) {
  return state.port_stats(port, Seconds{at}).totals.opackets;
}

std::uint64_t received(StlState& state, std::uint8_t port, double at) {
  return state.port_stats(port, Seconds{at}).totals.ipackets;
}

std::uint64_t pg_sent(StlState& state, std::uint32_t pg_id, std::uint8_t port, double at) {
  const std::optional<PgStatsView> view = state.pg_stats(pg_id, Seconds{at});
  REQUIRE(view);
  return view->ports.at(port).opackets;
}

}  // namespace

TEST_CASE("above --max-tx-pps all frames go out later; a stop at D + delta leaves the rest") {
  StlState state(ceiling(2e6), Seconds{0.0});
  state.acquire(0, "u", 1, false);
  state.add_stream(0, "_", 1, tagged(1));
  state.start_traffic(0, "_", {"pps", 4e6}, Seconds{1.0}, false, Seconds{0.0});
  // 1 s worth of 4 Mpps at 2 Mpps takes 2 s.
  REQUIRE(state.next_deadline());
  CHECK(state.next_deadline()->count() == doctest::Approx(2.0));
  CHECK(sent(state, 0, 1.0) == 2'000'000);
  // CSIT's rule: stop at start + duration + a small slack.
  state.stop_traffic(0, "_", Seconds{1.002});
  const std::uint64_t opackets = sent(state, 0, 5.0);
  CHECK(opackets >= 2'003'999);
  CHECK(opackets <= 2'004'000);
  CHECK(pg_sent(state, 1, 0, 5.0) == opackets);
  CHECK(received(state, 1, 5.0) == opackets);  // what was sent still arrives
  CHECK(state.pg_stats(1, Seconds{5.0})->ports.at(1).ipackets == opackets);
}

TEST_CASE(
    "a stretched run that is not stopped sends every frame, and the SUT sees the capped rate") {
  // The SUT forwards 3 Mpps: at the 2 Mpps the port manages, nothing is lost.
  StlState state(ceiling(2e6, 3e6), Seconds{0.0});
  state.acquire(0, "u", 1, false);
  state.add_stream(0, "_", 1, tagged(1));
  state.start_traffic(0, "_", {"pps", 4e6}, Seconds{1.0}, false, Seconds{0.0});
  state.advance(Seconds{1.9});
  CHECK(state.port_view(0).state == "TX");
  state.advance(Seconds{2.0});
  CHECK(state.port_view(0).state == "STREAMS");
  CHECK(sent(state, 0, 2.0) == 4'000'000);
  CHECK(received(state, 1, 2.0) == 4'000'000);
  CHECK(pg_sent(state, 1, 0, 2.0) == 4'000'000);
}

TEST_CASE("the ceiling is per port: each port is stretched by its own load only") {
  StlState state(ceiling(2e6), Seconds{0.0});
  for (const std::uint8_t port : {std::uint8_t{0}, std::uint8_t{1}}) {
    state.acquire(port, "u", 1, false);
    state.add_stream(port, "_", 1, tagged(port + 10u));
  }
  state.start_traffic(0, "_", {"pps", 4e6}, Seconds{1.0}, false, Seconds{0.0});
  state.start_traffic(1, "_", {"pps", 1e6}, Seconds{1.0}, false, Seconds{0.0});
  CHECK(state.next_deadline()->count() == doctest::Approx(1.0));
  state.advance(Seconds{1.0});
  CHECK(state.port_view(1).state == "STREAMS");
  CHECK(state.port_view(0).state == "TX");
  CHECK(sent(state, 1, 1.0) == 1'000'000);
  CHECK(sent(state, 0, 1.0) == 2'000'000);
  state.advance(Seconds{2.0});
  CHECK(state.port_view(0).state == "STREAMS");
  CHECK(pg_sent(state, 10, 0, 2.0) == 4'000'000);
  CHECK(pg_sent(state, 11, 1, 2.0) == 1'000'000);
}

TEST_CASE("the runs of one port share its ceiling and speed up when one of them ends") {
  StlState state(ceiling(2e6), Seconds{0.0});
  state.acquire(0, "u", 1, false);
  state.add_stream(0, "a", 1, tagged(1));
  state.add_stream(0, "b", 1, tagged(2));
  // Alone, "a" keeps up: 1.5 Mpps for 1 s.
  state.start_traffic(0, "a", {"pps", 1.5e6}, Seconds{1.0}, false, Seconds{0.0});
  // From 0.5 s the port is asked for 3 Mpps: both runs get 1 Mpps each. "a" sends
  // its last 750 k frames by 1.25 s; then "b" (750 k sent) goes on alone at full
  // speed and sends its last 750 k frames by 1.75 s.
  state.start_traffic(0, "b", {"pps", 1.5e6}, Seconds{1.0}, false, Seconds{0.5});
  CHECK(state.next_deadline()->count() == doctest::Approx(1.25));
  CHECK(sent(state, 0, 1.0) == 1'750'000);
  state.advance(Seconds{1.25});
  PortView view = state.port_view(0);
  CHECK(view.profile_states["a"] == "STREAMS");
  CHECK(view.profile_states["b"] == "TX");
  CHECK(pg_sent(state, 1, 0, 1.25) == 1'500'000);
  CHECK(pg_sent(state, 2, 0, 1.25) == doctest::Approx(750'000).epsilon(1e-6));
  CHECK(state.next_deadline()->count() == doctest::Approx(1.75));
  state.advance(Seconds{1.75});
  CHECK(state.port_view(0).state == "STREAMS");
  CHECK(pg_sent(state, 2, 0, 1.75) == 1'500'000);
  CHECK(sent(state, 0, 2.0) == 3'000'000);
  CHECK(received(state, 1, 2.0) == 3'000'000);
}

TEST_CASE("without --max-tx-pps nothing is stretched") {
  EmulatorOptions options = ceiling(1.0);
  options.max_tx_pps.reset();
  StlState state(options, Seconds{0.0});
  state.acquire(0, "u", 1, false);
  state.add_stream(0, "_", 1, tagged(1));
  state.start_traffic(0, "_", {"pps", 1e7}, Seconds{1.0}, false, Seconds{0.0});
  CHECK(state.next_deadline()->count() == doctest::Approx(1.0));
}

TEST_CASE("a run's first frame leaves 100 us after the start request, as on TRex") {
  EmulatorOptions options = ceiling(2e6);
  options.data_plane_start_delay = EmulatorOptions{}.data_plane_start_delay;
  CHECK(options.data_plane_start_delay == Seconds{100e-6});
  StlState state(options, Seconds{0.0});
  state.acquire(0, "u", 1, false);
  state.add_stream(0, "_", 1, tagged(1));
  state.start_traffic(0, "_", {"pps", 1e6}, Seconds{0.010}, false, Seconds{0.0});
  CHECK(sent(state, 0, 0.0001) == 0);
  CHECK(sent(state, 0, 0.0011) == 1000);
  CHECK(state.next_deadline()->count() == doctest::Approx(0.0101));
  CHECK(sent(state, 0, 0.0101) == 10'000);
  // Stretched (2.5 Mpps asked of a 2 Mpps port): from the first frame on.
  state.start_traffic(0, "_", {"pps", 2.5e6}, Seconds{0.010}, false, Seconds{1.0});
  CHECK(sent(state, 0, 1.0001) == 10'000);
  CHECK(sent(state, 0, 1.0051) == 10'000 + 10'000);
  CHECK(state.next_deadline()->count() == doctest::Approx(1.0126));
}
