// Per-pg_id counters (flow stats) behave like TRex's: live with the port counters,
// RX lagging by the SUT latency, cut by a stop, summed over streams sharing a pg_id,
// never counting the SUT's own frames (trex-flowstats-latency.md §1).
#include <doctest/doctest.h>
#include <json/json.h>

#include <optional>

#include "trex_emulator/model/counter_book.hpp"
#include "trex_emulator/model/fault_plan.hpp"
#include "trex_emulator/model/stl_state.hpp"
#include "trex_emulator/model/stream_parts.hpp"
#include "trex_emulator/rpc/method_table.hpp"

using namespace trexsearch::trex::emu;
using trexsearch::measure::Seconds;

namespace {

EmulatedStream stream(double pps, std::optional<std::uint32_t> pg_id,
                      std::uint32_t packet_len = 60) {
  EmulatedStream s;
  s.rate_value = pps;
  s.packet_len = packet_len;
  if (pg_id) {
    s.flow_stats = true;
    s.pg_id = *pg_id;
  }
  return s;
}

EmulatorOptions sharp(double capacity_pps, Seconds latency = Seconds{0.0}) {
  EmulatorOptions options;
  options.sut_model = "sharp";
  options.sut_options = {{"capacity_pps", capacity_pps}};
  options.sut_latency = latency;
  // These tests time the counters to the frame from the start request; the start
  // delay has its own test (emulator_pacing_test).
  options.data_plane_start_delay = Seconds{0.0};
  return options;
}

// The state with port 0 owned and `streams` on its default profile.
struct Bench {
  StlState state;
  explicit Bench(const EmulatorOptions& options, std::vector<EmulatedStream> streams)
      : state(options, Seconds{0.0}) {
    state.acquire(0, "u", 1, false);
    std::uint32_t id = 1;
    for (EmulatedStream& s : streams) state.add_stream(0, "_", id++, std::move(s));
  }
  PortTotals pg(std::uint32_t pg_id, std::uint8_t port, double at) {
    const std::optional<PgStatsView> view = state.pg_stats(pg_id, Seconds{at});
    REQUIRE(view);
    REQUIRE(view->ports.size() == state.port_count());
    return view->ports.at(port);
  }
  PortTotals port(std::uint8_t port, double at) {
    return state.port_stats(port, Seconds{at}).totals;
  }
};

}  // namespace

TEST_CASE("pg counters grow with the run like the port counters, RX lagging by the SUT latency") {
  Bench bench(sharp(1e6, Seconds{0.5}), {stream(1.0, 7)});
  bench.state.start_traffic(0, "_", {"pps", 1000.0}, Seconds{2.0}, false, Seconds{0.0});
  struct Point {
    double at;
    std::uint64_t sent;
    std::uint64_t received;
  };
  // TX over [0, 2] s, RX over [0.5, 2.5] s: a reader polling after TX ended sees RX
  // still moving until it settles, on the pg id exactly as on the ports.
  const Point points[] = {{0.0, 0, 0},       {0.5, 500, 0},      {1.0, 1000, 500},
                          {2.0, 2000, 1500}, {2.25, 2000, 1750}, {2.5, 2000, 2000},
                          {10.0, 2000, 2000}};
  for (const Point& p : points) {
    CAPTURE(p.at);
    const PortTotals tx = bench.pg(7, 0, p.at);
    const PortTotals rx = bench.pg(7, 1, p.at);
    CHECK(tx.opackets == p.sent);
    CHECK(tx.obytes == p.sent * 64);
    CHECK(rx.ipackets == p.received);
    CHECK(rx.ibytes == p.received * 64);
    // Nothing was sent from port 1 or received on port 0: zeros, but present.
    CHECK(rx.opackets == 0);
    CHECK(tx.ipackets == 0);
    CHECK(bench.port(0, p.at).opackets == p.sent);
    CHECK(bench.port(1, p.at).ipackets == p.received);
  }
}

TEST_CASE("a stop mid-run credits only the frames sent so far, and those still arrive") {
  Bench bench(sharp(1e6, Seconds{0.1}), {stream(1.0, 7)});
  bench.state.start_traffic(0, "_", {"pps", 1000.0}, Seconds{10.0}, false, Seconds{0.0});
  CHECK(bench.pg(7, 0, 2.0).opackets == 2000);
  bench.state.stop_traffic(0, "_", Seconds{2.5});
  CHECK(bench.state.port_view(0).state == "STREAMS");
  CHECK(bench.pg(7, 0, 2.5).opackets == 2500);
  CHECK(bench.port(0, 2.5).opackets == 2500);
  CHECK(bench.pg(7, 1, 2.5).ipackets == 2400);  // 100 ms of frames still in the SUT
  CHECK(bench.pg(7, 1, 2.55).ipackets == 2450);
  CHECK(bench.pg(7, 1, 2.6).ipackets == 2500);
  CHECK(bench.port(1, 2.6).ipackets == 2500);
  CHECK(bench.pg(7, 0, 20.0).opackets == 2500);
  CHECK(bench.pg(7, 1, 20.0).ipackets == 2500);
}

TEST_CASE("a stop of a lossless run at any moment keeps received equal to sent") {
  // Exact arithmetic: a cut must not turn rounding into a lost frame.
  for (const double stop : {0.1234567, 0.333333333, 0.5000001, 0.9876543}) {
    CAPTURE(stop);
    Bench bench(sharp(1e7), {stream(1.0, 3), stream(3.0, 3, 100)});
    bench.state.start_traffic(0, "_", {"pps", 3.7e6}, Seconds{1.0}, false, Seconds{0.0});
    bench.state.stop_traffic(0, "_", Seconds{stop});
    const PortTotals tx = bench.pg(3, 0, 5.0);
    const PortTotals rx = bench.pg(3, 1, 5.0);
    CHECK(tx.opackets > 0);
    CHECK(rx.ipackets == tx.opackets);
    CHECK(rx.ibytes == tx.obytes);
    CHECK(bench.port(1, 5.0).ipackets == bench.port(0, 5.0).opackets);
  }
}

TEST_CASE("the SUT's own frames are on the port counters only, never on a pg id") {
  EmulatorOptions options = sharp(1e6);
  options.dut_frames_per_run = 7;
  Bench bench(options, {stream(1.0, 7)});
  bench.state.start_traffic(0, "_", {"pps", 1000.0}, Seconds{1.0}, false, Seconds{0.0});
  CHECK(bench.port(1, 2.0).ipackets == 1007);
  CHECK(bench.port(1, 2.0).ibytes == 1000 * 64 + 7 * 64);
  CHECK(bench.pg(7, 1, 2.0).ipackets == 1000);
  CHECK(bench.pg(7, 0, 2.0).opackets == bench.port(0, 2.0).opackets);
}

TEST_CASE("streams sharing a stats pg id are summed; untagged streams count on ports only") {
  // An IMIX direction (7:4:1 of 64, 574 and 1518 byte frames) on pg 5, plus a stream
  // without flow stats; the SUT forwards half of the 16 kpps.
  Bench bench(sharp(8000.0), {stream(7.0, 5), stream(4.0, 5, 570), stream(1.0, 5, 1514),
                              stream(4.0, std::nullopt)});
  bench.state.start_traffic(0, "_", {"pps", 16000.0}, Seconds{1.0}, false, Seconds{0.0});
  const PortTotals tx = bench.pg(5, 0, 1.0);
  const PortTotals rx = bench.pg(5, 1, 1.0);
  CHECK(tx.opackets == 12000);
  CHECK(tx.obytes == 7000 * 64 + 4000 * 574 + 1000 * 1518);
  CHECK(bench.port(0, 1.0).opackets == 16000);
  CHECK(bench.port(0, 1.0).obytes == tx.obytes + 4000 * 64);
  // The SUT's 8000 forwarded frames are shared in proportion to what each stream sent.
  CHECK(rx.ipackets == 6000);
  CHECK(rx.ibytes == 3500 * 64 + 2000 * 574 + 500 * 1518);
  CHECK(bench.port(1, 1.0).ipackets == 8000);
  CHECK(bench.state.active_pgids(false) == std::vector<std::uint32_t>{5});
}

TEST_CASE("runs without a duration count on their pg ids whenever counters are read") {
  Bench bench(sharp(1e6), {stream(1.0, 4), stream(1.0, 6)});
  bench.state.start_traffic(0, "_", {"pps", 2000.0}, Seconds{-1.0}, false, Seconds{0.0});
  CHECK(bench.pg(4, 0, 1.0).opackets == 1000);
  CHECK(bench.pg(6, 0, 1.0).opackets == 1000);
  bench.state.stop_traffic(0, "_", Seconds{1.5});
  CHECK(bench.pg(4, 0, 3.0).opackets + bench.pg(6, 0, 3.0).opackets == 3000);
  CHECK(bench.pg(4, 1, 3.0).ipackets == bench.pg(4, 0, 3.0).opackets);
  CHECK(bench.port(0, 3.0).opackets == 3000);
}

TEST_CASE("a pg id lives from its first stream to its last; re-created it starts anew") {
  Bench bench(sharp(1e6), {stream(1.0, 9)});
  bench.state.start_traffic(0, "_", {"pps", 1000.0}, Seconds{1.0}, false, Seconds{0.0});
  const std::optional<PgStatsView> first = bench.state.pg_stats(9, Seconds{2.0});
  REQUIRE(first);
  CHECK(first->ports[0].opackets == 1000);
  CHECK_FALSE(first->latency);
  bench.state.remove_all_streams(0, "_");
  CHECK_FALSE(bench.state.pg_stats(9, Seconds{2.0}));
  bench.state.add_stream(0, "_", 1, stream(1.0, 9));
  const std::optional<PgStatsView> again = bench.state.pg_stats(9, Seconds{3.0});
  REQUIRE(again);
  CHECK(again->version != first->version);
  CHECK(again->ports[0].opackets == 0);
  // The port counters keep counting: there is no server-side clear (§2.10).
  CHECK(bench.port(0, 3.0).opackets == 1000);
}

TEST_CASE("get_pgid_stats has TRex's shape: every port as a string key, zeros, ver_id") {
  EmulatorOptions options = sharp(1e6);
  options.port_count = 4;
  Bench bench(options, {stream(1.0, 7)});
  EmulatedStream latency = stream(100.0, 8);
  latency.latency = true;
  bench.state.add_stream(0, "_", 2, latency);
  bench.state.start_traffic(0, "_", {"pps", 1100.0}, Seconds{1.0}, false, Seconds{0.0});
  FaultPlan faults;
  MethodContext context{bench.state, Seconds{0.5}, faults};
  Json::Value params(Json::objectValue);
  params["pgids"].append(7);
  params["pgids"].append(8);
  params["pgids"].append(12345);  // unknown: skipped, not zero
  const Json::Value reply = handlers::get_pgid_stats(context, params);
  const Json::Value& flow = reply["flow_stats"];
  CHECK(flow.getMemberNames() == std::vector<std::string>{"7", "8"});
  for (const char* field : {"tp", "tb", "rp", "rb", "tps", "tbs", "rps", "rbs"}) {
    CAPTURE(field);
    CHECK(flow["7"][field].getMemberNames() == std::vector<std::string>{"0", "1", "2", "3"});
  }
  CHECK(flow["7"]["tp"]["0"].asUInt64() == 500);
  CHECK(flow["7"]["tb"]["0"].asUInt64() == 500 * 64);
  CHECK(flow["7"]["rp"]["1"].asUInt64() == 500);
  CHECK(flow["7"]["tp"]["1"].asUInt64() == 0);
  CHECK(flow["8"]["tp"]["0"].asUInt64() == 50);
  CHECK(reply["ver_id"].isMember("7"));
  CHECK(reply["latency"].getMemberNames() == std::vector<std::string>{"8"});
  CHECK_FALSE(reply["flow_stats"].isMember("12345"));
}

TEST_CASE("split_by_weight adds up exactly and stays within one of each share") {
  CHECK(split_by_weight(10, {1.0, 1.0, 1.0}) == std::vector<std::uint64_t>{3, 4, 3});
  CHECK(split_by_weight(7, {0.0, 0.0}) == std::vector<std::uint64_t>{4, 3});
  CHECK(split_by_weight(1'000'001, {7000.0, 4000.0, 1000.0}) ==
        std::vector<std::uint64_t>{583'334, 333'334, 83'333});
  CHECK(split_by_weight(5, {}).empty());
}
