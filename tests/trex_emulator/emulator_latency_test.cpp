// Latency streams in the emulator behave like TRex's (trex-flowstats-latency.md §1.1,
// §2): add_stream's checks and error texts, fixed rate, frames on port and pg counters,
// get_pgid_stats' `latency` section in TRex's shape with samples from the direction's
// latency model (sim/latency_model.hpp), `hdrh` only with --hdrh.
#include <doctest/doctest.h>
#include <json/json.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "measure/errors.hpp"
#include "measure/latency_histogram.hpp"
#include "trex_client/codec/stream_codec.hpp"
#include "trex_emulator/model/fault_plan.hpp"
#include "trex_emulator/model/latency_payload.hpp"
#include "trex_emulator/model/rpc_fault.hpp"
#include "trex_emulator/model/stl_state.hpp"
#include "trex_emulator/rpc/method_table.hpp"

using namespace trexsearch::trex;
using namespace trexsearch::trex::emu;
using trexsearch::measure::LatencyHistogram;
using trexsearch::measure::Seconds;

namespace {

constexpr double capacity_pps = 1e6;
constexpr double latency_pps = 9000.0;

// Ethernet + IPv4 (IHL 5) + UDP or TCP, or Ethernet + IPv6 + UDP, zero payload bytes
// up to `size` (without FCS).
std::string frame(std::size_t size, int ip_version = 4, int protocol = 17) {
  std::string bytes(size, '\0');
  if (ip_version == 4) {
    bytes[12] = '\x08';
    bytes[13] = '\x00';
    bytes[14] = '\x45';
    bytes[14 + 9] = static_cast<char>(protocol);
    if (protocol == 6) bytes[14 + 20 + 12] = '\x50';  // TCP data offset 5 (20 bytes)
  } else {
    bytes[12] = '\x86';
    bytes[13] = '\xdd';
    bytes[14] = '\x60';
    bytes[14 + 6] = static_cast<char>(protocol);
  }
  return bytes;
}

EmulatorOptions latency_options(bool hdrh = true) {
  EmulatorOptions options;
  options.sut_model = "sharp";
  options.sut_options = {{"capacity_pps", capacity_pps},
                         {"latency_base_us", 20.0},
                         {"latency_service_us", 10.0},
                         {"latency_tail_ratio", 0.0}};
  options.hdrh = hdrh;
  // These tests count to the frame from the start request; the start delay has its own
  // test (emulator_pacing_test).
  options.data_plane_start_delay = Seconds{0.0};
  return options;
}

struct Emulator {
  StlState state;
  FaultPlan faults;
  /// `streams`: main traffic on pg 1 and a latency stream on pg 0x100, port 0 -> 1.
  explicit Emulator(const EmulatorOptions& options, bool streams = false)
      : state(options, Seconds{0.0}) {
    state.acquire(0, "u", 1, false);
    state.acquire(1, "u", 1, false);
    if (streams) {
      add(0, 1, 1, "stats", 1.0);
      add(0, 2, 0x100, "latency", latency_pps);
    }
  }

  // add_stream through its JSON handler, so the parser's checks run.
  Json::Value add(std::uint8_t port, std::uint32_t stream_id, std::optional<std::uint32_t> pg_id,
                  const std::string& rule, double pps, const std::string& packet = frame(60),
                  std::optional<int> core_id = std::nullopt) {
    StreamSpec spec;
    spec.packet = packet;
    spec.mode.rate = {RateType::pps, pps};
    if (pg_id) {
      spec.flow_stats.enabled = true;
      spec.flow_stats.pg_id = *pg_id;
      spec.flow_stats.rule_type = rule;
    }
    Json::Value params(Json::objectValue);
    params["port_id"] = port;
    params["stream_id"] = stream_id;
    params["stream"] = codec::encode_stream(spec);
    if (core_id) params["stream"]["core_id"] = *core_id;
    MethodContext context{state, Seconds{0.0}, faults};
    return handlers::add_stream(context, params);
  }

  Json::Value pgid_stats(double at) {
    MethodContext context{state, Seconds{at}, faults};
    Json::Value params(Json::objectValue);
    params["pgids"] = Json::Value(Json::arrayValue);
    return handlers::get_pgid_stats(context, params);
  }
};

std::string fault_of(const std::function<void()>& call) {
  try {
    call();
  } catch (const RpcFault& fault) {
    return fault.specific_err();
  }
  return "(no fault)";
}

LatencyHistogram hdrh_of(const Json::Value& reply, const char* pg) {
  return LatencyHistogram::decode(reply["latency"][pg]["lat"]["hdrh"].asString());
}

}  // namespace

TEST_CASE("L4 payload bytes are counted after Ethernet, VLAN, IP and the L4 header") {
  CHECK(l4_payload_bytes(frame(60)) == 18);              // 64-byte IPv4/UDP frame
  CHECK(l4_payload_bytes(frame(42)) == 18);              // padded to 60 as TRex does
  CHECK(l4_payload_bytes(frame(60, 4, 6)) == 6);         // TCP: 20-byte header
  CHECK(l4_payload_bytes(frame(78, 6, 17)) == 16);       // IPv6/UDP needs 82-byte frames
  CHECK(l4_payload_bytes(frame(60, 4, 50)) == 26);       // ESP: no L4 header
  CHECK(l4_payload_bytes(std::string(60, '\0')) == 46);  // not IP: after Ethernet
  std::string vlan = frame(64);
  vlan.insert(12, std::string("\x81\x00\x00\x05", 4));
  vlan.resize(64);
  CHECK(l4_payload_bytes(vlan) == 18);
  // Where TRex's parser fails: a TCP header past the end, no payload byte left.
  std::string long_header = frame(60, 4, 6);
  long_header[14] = '\x4f';  // IHL 15: a 60-byte IPv4 header
  CHECK_FALSE(l4_payload_bytes(long_header).has_value());
  long_header[14 + 9] = 17;
  CHECK_FALSE(l4_payload_bytes(long_header).has_value());
}

TEST_CASE("add_stream checks latency streams with TRex's errors") {
  Emulator emulator(latency_options());
  // 16 payload bytes needed: IPv4/TCP at 64 bytes has 6, IPv6/UDP at 78 + 4 has 16.
  CHECK(fault_of([&] { emulator.add(0, 1, 0x100, "latency", 100.0, frame(60, 4, 6)); }) ==
        "Need at least 16 payload bytes for payload rules. Packet only has 6 bytes");
  CHECK(fault_of([&] { emulator.add(0, 1, 0x100, "latency", 100.0, frame(74, 6, 17)); }) ==
        "Need at least 16 payload bytes for payload rules. Packet only has 12 bytes");
  emulator.add(0, 1, 0x100, "latency", 100.0, frame(78, 6, 17));
  // Pinning to a core: refused for latency streams, range-checked for any.
  CHECK(fault_of([&] { emulator.add(0, 2, 0x101, "latency", 100.0, frame(60), 0); }) ==
        "Core ID pinning is not supported for sequenced streams.");
  CHECK(fault_of([&] { emulator.add(0, 2, 7, "stats", 100.0, frame(60), 5); }) ==
        "Core ID is: 5. It must be an integer between 0 and 1 (inclusive).");
  emulator.add(0, 2, 7, "stats", 100.0, frame(60), 1);
  // A latency pg_id is unique per stream and port; a stats pg_id takes no latency stream.
  const std::string duplicate =
      "For payload rules: Can't have two streams with same pg_id, or same stream on more than one "
      "port";
  CHECK(fault_of([&] { emulator.add(1, 1, 0x100, "latency", 100.0); }) == duplicate);
  CHECK(fault_of([&] { emulator.add(0, 3, 0x100, "stats", 100.0); }) == duplicate);
  CHECK(fault_of([&] { emulator.add(0, 3, 7, "latency", 100.0); }) ==
        "Can't use same pg_id for streams with different l4 protocol");
  // Once its stream is gone the pg_id is free again.
  emulator.state.remove_stream(0, "_", 1);
  emulator.add(1, 1, 0x100, "latency", 100.0);
}

TEST_CASE("without the latency capability latency streams are refused, stats streams are not") {
  EmulatorOptions options = latency_options();
  options.latency_caps = false;
  Emulator emulator(options);
  MethodContext context{emulator.state, Seconds{0.0}, emulator.faults};
  const Json::Value info = handlers::get_system_info(context, Json::Value(Json::objectValue));
  std::vector<std::string> caps;
  for (const Json::Value& cap : info["ports"][0]["rx"]["caps"]) caps.push_back(cap.asString());
  CHECK(caps == std::vector<std::string>{"flow_stats", "rx_bytes"});
  CHECK(fault_of([&] { emulator.add(0, 1, 0x100, "latency", 100.0); }) ==
        "Interface does not support given rule type");
  emulator.add(0, 1, 5, "stats", 100.0);
}

TEST_CASE("latency streams keep their rate; a target below it fails as TRex fails") {
  Emulator emulator(latency_options(), true);
  for (const double load : {1e5, 5e5}) {
    CAPTURE(load);
    const double start = load == 1e5 ? 0.0 : 10.0;
    emulator.state.remove_rx_filters(0, "_");  // between runs, as TRex needs
    emulator.state.start_traffic(0, "_", {"pps", load}, Seconds{2.0}, false, Seconds{start});
    emulator.state.advance(Seconds{start + 5.0});
  }
  const Json::Value reply = emulator.pgid_stats(20.0);
  // Latency: 9000 pps in both runs; the main stream gets the rest of each load.
  CHECK(reply["flow_stats"]["256"]["tp"]["0"].asUInt64() == 2 * 18000);
  CHECK(reply["flow_stats"]["1"]["tp"]["0"].asUInt64() ==
        (100000 - 9000) * 2 + (500000 - 9000) * 2);
  // Latency frames are on the port counters too.
  CHECK(emulator.state.port_stats(0, Seconds{20.0}).totals.opackets == 1200000);
  CHECK(emulator.state.port_stats(1, Seconds{20.0}).totals.ipackets == 1200000);
  CHECK(reply["flow_stats"]["256"]["rp"]["1"].asUInt64() == 36000);
  CHECK(fault_of([&] {
          emulator.state.start_traffic(0, "_", {"pps", 8000.0}, Seconds{1.0}, false, Seconds{30.0});
        }) == "current stream configuration enforces a minimum rate of '9000' pps");
  // Exactly their rate leaves the main stream a factor of 0, which TRex refuses too
  // (TrexStatelessProfile::calculate_effective_factor): CSIT's "0 %" load is L + 1.
  CHECK(fault_of([&] {
          emulator.state.start_traffic(0, "_", {"pps", latency_pps}, Seconds{1.0}, false,
                                       Seconds{30.0});
        }) == "Factor must be positive, got: 0");
  emulator.state.start_traffic(0, "_", {"pps", latency_pps + 1.0}, Seconds{1.0}, false,
                               Seconds{30.0});
}

TEST_CASE("get_pgid_stats has TRex's latency shape; hdrh only with --hdrh") {
  for (const bool hdrh : {false, true}) {
    CAPTURE(hdrh);
    Emulator emulator(latency_options(hdrh), true);
    const Json::Value before = emulator.pgid_stats(0.0);
    REQUIRE(before["latency"].isMember("256"));
    CHECK_FALSE(before["latency"].isMember("1"));  // stats pg_ids have no latency entry
    CHECK(before["latency"]["256"]["lat"]["total_max"].asUInt64() == 0);
    emulator.state.start_traffic(0, "_", {"pps", 5e5}, Seconds{2.0}, false, Seconds{0.0});
    const Json::Value reply = emulator.pgid_stats(3.0);
    const Json::Value& entry = reply["latency"]["256"];
    const Json::Value& lat = entry["lat"];
    for (const char* field : {"total_max", "total_min", "last_max", "jit"}) {
      CAPTURE(field);
      CHECK(lat[field].isUInt64());
    }
    CHECK(lat["average"].isDouble());
    CHECK(lat["total_min"].asUInt64() >= 20);  // the base latency
    CHECK(lat["total_min"].asUInt64() <= lat["total_max"].asUInt64());
    CHECK(lat["total_max"].asUInt64() >= lat["average"].asDouble());
    // The decade histogram holds every sample (all below 1 s), keys as strings.
    std::uint64_t bucketed = 0;
    for (const std::string& key : lat["histogram"].getMemberNames()) {
      CHECK(std::stoull(key) % 10 == 0);
      bucketed += lat["histogram"][key].asUInt64();
    }
    CHECK(bucketed == 18000);
    CHECK(entry["er"].getMemberNames().empty());  // only non-zero counters
    CHECK(lat.isMember("hdrh") == hdrh);
    if (hdrh) {
      const LatencyHistogram histogram = hdrh_of(reply, "256");
      CHECK(histogram.total() == reply["flow_stats"]["256"]["rp"]["1"].asUInt64());
      CHECK(histogram.min_us() == lat["total_min"].asUInt64());
    }
  }
}

TEST_CASE("emulated latency grows with load; idle latency is the model's base") {
  Emulator emulator(latency_options(), true);
  std::vector<LatencyHistogram> trials;
  LatencyHistogram previous;
  double at = 0.0;
  for (const double fraction : {0.0, 0.1, 0.5, 0.9}) {
    const double load = std::max(latency_pps + 1.0, fraction * capacity_pps);
    emulator.state.remove_rx_filters(0, "_");  // between runs, as TRex needs
    emulator.state.start_traffic(0, "_", {"pps", load}, Seconds{5.0}, false, Seconds{at});
    at += 10.0;
    const LatencyHistogram cumulative = hdrh_of(emulator.pgid_stats(at), "256");
    trials.push_back(cumulative.minus(previous));  // per trial, as a client computes it
    previous = cumulative;
  }
  CHECK(trials[0].total() == 45000);
  CHECK(trials[0].min_us() == 20);
  CHECK(trials[0].value_at_percentile(50.0) == 20);  // base 20 us, queue all but empty
  for (std::size_t i = 1; i < trials.size(); ++i) {
    CAPTURE(i);
    CHECK(trials[i].value_at_percentile(50.0) >= trials[i - 1].value_at_percentile(50.0));
    CHECK(trials[i].value_at_percentile(99.0) > trials[i - 1].value_at_percentile(99.0));
    CHECK(trials[i].mean_us() > trials[i - 1].mean_us());
  }
  // M/M/1 at 90 %: mean wait 10 us * 9 = 90 us over the 20 us base.
  CHECK(trials[3].mean_us() == doctest::Approx(110.0).epsilon(0.05));
}

TEST_CASE("latency-path loss shows on the latency stream only, never on the main counts") {
  auto run = [](double latency_loss) {
    EmulatorOptions options = latency_options();
    options.sut_options["latency_loss_ratio"] = latency_loss;
    Emulator emulator(options, true);
    // Above capacity, so the main stream loses frames too.
    emulator.state.start_traffic(0, "_", {"pps", 1.2e6}, Seconds{2.0}, false, Seconds{0.0});
    return emulator.pgid_stats(5.0);
  };
  const Json::Value clean = run(0.0);
  const Json::Value lossy = run(0.5);
  CHECK(clean["flow_stats"]["1"]["rp"]["1"] == lossy["flow_stats"]["1"]["rp"]["1"]);
  CHECK(clean["flow_stats"]["1"]["tp"]["0"] == lossy["flow_stats"]["1"]["tp"]["0"]);
  CHECK(clean["flow_stats"]["1"]["rp"]["1"].asUInt64() <
        clean["flow_stats"]["1"]["tp"]["0"].asUInt64());
  const std::uint64_t sent = lossy["flow_stats"]["256"]["tp"]["0"].asUInt64();
  const std::uint64_t received = lossy["flow_stats"]["256"]["rp"]["1"].asUInt64();
  CHECK(sent == 18000);
  // Overload (1 - 1/1.2) and the latency path (0.5): about 42 % arrive.
  CHECK(static_cast<double>(received) ==
        doctest::Approx(18000.0 * (1.0 / 1.2) * 0.5).epsilon(0.03));
  const Json::Value& errors = lossy["latency"]["256"]["er"];
  CHECK(errors["drp"].asUInt64() == sent - received);
  CHECK(errors["sth"].asUInt64() > 0);
  CHECK(hdrh_of(lossy, "256").total() == received);
}

TEST_CASE("a stop mid-run and an unbounded run give one sample per received latency frame") {
  Emulator emulator(latency_options(), true);
  emulator.state.start_traffic(0, "_", {"pps", 1e5}, Seconds{10.0}, false, Seconds{0.0});
  emulator.state.stop_traffic(0, "_", Seconds{1.5});
  Json::Value reply = emulator.pgid_stats(5.0);
  CHECK(reply["flow_stats"]["256"]["rp"]["1"].asUInt64() == 13500);
  CHECK(hdrh_of(reply, "256").total() == 13500);
  // Unbounded: samples appear as the run is accounted, before it is stopped.
  emulator.state.start_traffic(0, "_", {"pps", 1e5}, Seconds{-1.0}, false, Seconds{10.0});
  reply = emulator.pgid_stats(11.0);
  CHECK(hdrh_of(reply, "256").total() == 13500 + 9000);
  emulator.state.stop_traffic(0, "_", Seconds{12.0});
  reply = emulator.pgid_stats(13.0);
  CHECK(reply["flow_stats"]["256"]["rp"]["1"].asUInt64() == 13500 + 18000);
  CHECK(hdrh_of(reply, "256").total() == 13500 + 18000);
}

TEST_CASE("latency drifts with emulated time; per-direction options apply per tx port") {
  EmulatorOptions options = latency_options();
  options.sut_options["latency_drift_us_per_hour"] = 10.0;
  options.sut_port_options[1] = {{"latency_base_us", 50.0}};
  Emulator emulator(options);
  emulator.add(0, 1, 0x100, "latency", latency_pps);
  emulator.add(1, 1, 0x101, "latency", latency_pps);
  emulator.state.start_traffic(0, "_", {"raw", 1.0}, Seconds{1.0}, false, Seconds{0.0});
  emulator.state.start_traffic(1, "_", {"raw", 1.0}, Seconds{1.0}, false, Seconds{0.0});
  const Json::Value early = emulator.pgid_stats(2.0);
  CHECK(hdrh_of(early, "256").value_at_percentile(50.0) == 20);
  CHECK(hdrh_of(early, "257").value_at_percentile(50.0) == 50);  // 1 -> 0 has its own base
  const double eight_hours = 8 * 3600.0;
  emulator.state.remove_rx_filters(0, "_");  // between runs, as TRex needs
  emulator.state.start_traffic(0, "_", {"raw", 1.0}, Seconds{1.0}, false, Seconds{eight_hours});
  const LatencyHistogram late =
      hdrh_of(emulator.pgid_stats(eight_hours + 2.0), "256").minus(hdrh_of(early, "256"));
  CHECK(late.value_at_percentile(50.0) == 100);  // 20 + 10 us/h * 8 h
}

TEST_CASE("the emulator refuses latency_rate_pps: the profile sets the rate") {
  EmulatorOptions options = latency_options();
  options.sut_options["latency_rate_pps"] = 9000.0;
  CHECK_THROWS_WITH_AS(options.validate(), doctest::Contains("latency_rate_pps = 9000"),
                       trexsearch::measure::ConfigError);
}
