// The emulator's pure parts: counters of frames in flight, TRex's multiplier
// arithmetic, and the typed state machine with its SUT (no sockets).
#include <doctest/doctest.h>

#include <cmath>
#include <functional>

#include "measure/errors.hpp"
#include "sim/sut_model.hpp"
#include "trex_emulator/model/counter_book.hpp"
#include "trex_emulator/model/rpc_fault.hpp"
#include "trex_emulator/model/stl_state.hpp"
#include "trex_emulator/model/traffic_plan.hpp"

using namespace trexsearch::trex::emu;
using trexsearch::measure::Seconds;

namespace {

EmulatedStream continuous(double pps, std::uint32_t packet_len = 60) {
  EmulatedStream stream;
  stream.rate_value = pps;
  stream.packet_len = packet_len;
  return stream;
}

std::string fault_text(const std::function<void()>& action) {
  try {
    action();
  } catch (const RpcFault& fault) {
    return fault.specific_err();
  }
  return "(no fault)";
}

}  // namespace

TEST_CASE("counters grow pro rata while frames are in flight and never go backwards") {
  CounterBook book(2);
  Delivery d;
  d.tx_port = 0;
  d.rx_port = 1;
  d.tx_begin = Seconds{1.0};
  d.tx_end = Seconds{3.0};
  d.latency = Seconds{0.5};
  d.parts = {{std::nullopt, {1000, 64000, 900, 57600}}};
  const auto id = book.add(d);
  CHECK(book.totals(0, Seconds{0.5}).opackets == 0);
  CHECK(book.totals(0, Seconds{2.0}).opackets == 500);
  CHECK(book.totals(1, Seconds{2.0}).ipackets == 225);  // 900 * (2.0 - 1.5) / 2
  CHECK(book.totals(0, Seconds{3.0}).opackets == 1000);
  CHECK(book.totals(1, Seconds{3.0}).ipackets < 900);  // still in flight
  CHECK(book.in_flight(Seconds{3.2}));
  CHECK(book.totals(1, Seconds{3.5}).ipackets == 900);
  CHECK_FALSE(book.in_flight(Seconds{3.5}));
  book.fold(Seconds{4.0});
  CHECK(book.totals(1, Seconds{4.0}).ipackets == 900);
  CHECK(book.truncate(id, Seconds{2.0}) == 0);  // already folded: nothing to cut

  const auto second = book.add(d);
  const std::uint64_t before = book.totals(1, Seconds{2.5}).ipackets;
  CHECK(book.truncate(second, Seconds{2.0}) == 500);
  CHECK(book.totals(1, Seconds{2.5}).ipackets >= before);
  book.fold(Seconds{10.0});
  CHECK(book.totals(0, Seconds{10.0}).opackets == 1500);
  CHECK(book.totals(1, Seconds{10.0}).ipackets == 1350);
}

TEST_CASE("pps and bps multipliers are the port's total; latency streams keep their rate") {
  std::map<std::uint32_t, EmulatedStream> streams;
  streams[1] = continuous(7.0);
  streams[2] = continuous(4.0, 566);
  TrafficPlan plan = plan_traffic(streams, {"pps", 11000.0}, 10e9, false, Seconds{2.0});
  CHECK(plan.factor == doctest::Approx(1000.0));
  CHECK(plan.total_pps == 11000.0);
  CHECK(plan.tx_time == Seconds{2.0});
  CHECK(plan.frames == doctest::Approx(22000.0));
  CHECK(plan.bytes_per_packet == doctest::Approx((7 * 64.0 + 4 * 570.0) / 11.0));

  plan = plan_traffic(streams, {"raw", 2.0}, 10e9, false, Seconds{-1.0});
  CHECK(plan.total_pps == doctest::Approx(22.0));
  CHECK(std::isinf(plan.tx_time.count()));

  EmulatedStream latency = continuous(9000.0);
  latency.latency = true;
  latency.flow_stats = true;
  streams[3] = latency;
  plan = plan_traffic(streams, {"pps", 20000.0}, 10e9, false, Seconds{1.0});
  CHECK(plan.factor == doctest::Approx(1000.0));
  CHECK(plan.total_pps == 20000.0);
  CHECK(fault_text([&] {
          plan_traffic(streams, {"pps", 100.0}, 10e9, false, Seconds{1.0});
        }) == "current stream configuration enforces a minimum rate of '9000' pps");

  std::map<std::uint32_t, EmulatedStream> one{{1, continuous(1.0)}};
  plan = plan_traffic(one, {"percentage", 50.0}, 10e9, false, Seconds{1.0});
  CHECK(plan.total_pps == doctest::Approx(5e9 / (84.0 * 8.0)));
  plan = plan_traffic(one, {"bpsl1", 84.0 * 8.0 * 1000.0}, 10e9, false, Seconds{1.0});
  CHECK(plan.total_pps == doctest::Approx(1000.0));
  plan = plan_traffic(one, {"bps", 64.0 * 8.0 * 1000.0}, 10e9, false, Seconds{1.0});
  CHECK(plan.total_pps == doctest::Approx(1000.0));
  // Force skips the line-rate check.
  plan = plan_traffic(one, {"percentage", 150.0}, 10e9, true, Seconds{1.0});
  CHECK(plan.factor > 0.0);
  CHECK(fault_text([&] {
          plan_traffic(one, {"percentage", 150.0}, 10e9, false, Seconds{1.0});
        }).starts_with("Expected L1 B/W: '15 Gbps' exceeds port line rate: '10 Gbps'"));
}

TEST_CASE("bursts end the profile before the duration") {
  EmulatedStream burst = continuous(100.0);
  burst.mode = EmulatedStream::Mode::single_burst;
  burst.total_pkts = 50;
  std::map<std::uint32_t, EmulatedStream> streams{{1, burst}};
  const TrafficPlan plan = plan_traffic(streams, {"raw", 1.0}, 10e9, false, Seconds{10.0});
  CHECK(plan.tx_time.count() == doctest::Approx(0.5));
  CHECK(plan.frames == doctest::Approx(50.0));
  CHECK_FALSE(plan.all_continuous);
}

TEST_CASE("the state machine runs traffic through one SUT model per direction") {
  EmulatorOptions options;
  options.sut_model = "noisy";
  options.sut_options = {{"capacity_pps", 1000.0}, {"noise", 0.1}};
  options.seed = 7;
  // These tests time the counters to the frame from the start request; the start
  // delay has its own test (emulator_pacing_test).
  options.data_plane_start_delay = Seconds{0.0};
  StlState state(options, Seconds{0.0});
  const std::string h0 = state.acquire(0, "u", 1, false);
  state.add_stream(0, "_", 1, continuous(1.0));
  state.start_traffic(0, "_", {"pps", 1100.0}, Seconds{2.0}, false, Seconds{0.0});
  CHECK(state.port_view(0).state == "TX");
  CHECK(state.next_deadline() == Seconds{2.0});
  state.advance(Seconds{2.5});
  CHECK(state.port_view(0).state == "STREAMS");
  CHECK(state.completed_runs() == 1);
  auto model = trexsearch::sim::make_sut("noisy", options.sut_options, 7);
  const trexsearch::measure::TrialOutcome expected = model->trial(Seconds{2.0}, 1100.0);
  CHECK(state.port_stats(0, Seconds{3.0}).totals.opackets ==
        static_cast<std::uint64_t>(expected.offered_count));
  CHECK(state.port_stats(1, Seconds{3.0}).totals.ipackets ==
        static_cast<std::uint64_t>(expected.offered_count - expected.loss_count));
  // Events: acquire, profile started, port started, profile finished, port finished.
  const auto events = state.take_events(1);
  REQUIRE(events.size() == 5);
  CHECK(events[3].type == 14);
  CHECK(events[4].type == 4);
  CHECK(events[4].seq == 4);

  state.restart(Seconds{3.0});
  CHECK(state.port_view(0).owner.empty());
  CHECK(state.port_stats(0, Seconds{3.0}).totals.opackets == 0);
  CHECK(fault_text([&] { state.verify_owner(0, h0); }) ==
        "please acquire the port before modifying port state");
}

TEST_CASE("each direction can have its own SUT options; --sut-option stays the default") {
  EmulatorOptions options;
  options.sut_model = "sharp";
  options.sut_options = {{"capacity_pps", 1e6}};
  // Traffic sent from port 1 (the reverse direction) meets a SUT twice as fast.
  options.sut_port_options[1] = {{"capacity_pps", 2e6}};
  CHECK(options.sut_options_for(0).at("capacity_pps") == 1e6);
  CHECK(options.sut_options_for(1).at("capacity_pps") == 2e6);
  StlState state(options, Seconds{0.0});
  for (const std::uint8_t port : {std::uint8_t{0}, std::uint8_t{1}}) {
    state.acquire(port, "u", 1, false);
    EmulatedStream stream = continuous(1.0);
    stream.flow_stats = true;
    stream.pg_id = port;
    state.add_stream(port, "_", 1, stream);
  }
  struct Case {
    double load_pps;
    std::uint64_t lost_0_to_1;
    std::uint64_t lost_1_to_0;
  };
  // 1.5 Mpps is too much for direction 0->1 only; 2.5 Mpps for both.
  const Case cases[] = {{0.5e6, 0, 0}, {1.5e6, 500'000, 0}, {2.5e6, 1'500'000, 500'000}};
  double t = 0.0;
  for (const Case& c : cases) {
    CAPTURE(c.load_pps);
    std::uint64_t tx[2];
    std::uint64_t rx[2];
    for (std::uint8_t p = 0; p < 2; ++p) {
      tx[p] = state.pg_stats(p, Seconds{t})->ports[p].opackets;
      rx[p] = state.pg_stats(p, Seconds{t})->ports[p ^ 1].ipackets;
    }
    for (std::uint8_t p = 0; p < 2; ++p) state.remove_rx_filters(p, "_");  // as TRex needs
    state.start_traffic(0, "_", {"pps", c.load_pps}, Seconds{1.0}, false, Seconds{t});
    state.start_traffic(1, "_", {"pps", c.load_pps}, Seconds{1.0}, false, Seconds{t});
    t += 2.0;
    for (std::uint8_t p = 0; p < 2; ++p) {
      const PgStatsView view = *state.pg_stats(p, Seconds{t});
      const std::uint64_t sent = view.ports[p].opackets - tx[p];
      const std::uint64_t received = view.ports[p ^ 1].ipackets - rx[p];
      CHECK(sent == static_cast<std::uint64_t>(c.load_pps));
      CHECK(sent - received == (p == 0 ? c.lost_0_to_1 : c.lost_1_to_0));
    }
  }
}

TEST_CASE("per-direction SUT options are validated naming the option and value") {
  EmulatorOptions options;
  options.sut_port_options[2] = {{"capacity_pps", 1e6}};
  CHECK_THROWS_WITH_AS(options.validate(),
                       doctest::Contains("sut_port_options[2] = {capacity_pps=1000000}: no such "
                                         "port; ports are 0..1"),
                       trexsearch::measure::ConfigError);
  options.sut_port_options = {{1, {{"colour", 1.0}}}};
  CHECK_THROWS_WITH_AS(options.validate(), doctest::Contains("sut_port_options[1] = {colour=1}"),
                       trexsearch::measure::ConfigError);
  options.sut_port_options = {{1, {{"capacity_pps", -5.0}}}};
  CHECK_THROWS_WITH_AS(options.validate(), doctest::Contains("sharp.capacity_pps = -5"),
                       trexsearch::measure::ConfigError);
}
