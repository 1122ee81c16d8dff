// What ports say about themselves: link speed in Gbit/s (get_port_status attr.speed,
// line rate, percentage rates) and RX capabilities (get_system_info rx.caps); without
// RX statistics, flow-stats streams are refused as TRex refuses them
// (trex-flowstats-latency.md §1.1, §4).
#include <doctest/doctest.h>
#include <json/json.h>

#include <string>
#include <vector>

#include "trex_client/codec/stream_codec.hpp"
#include "trex_emulator/model/fault_plan.hpp"
#include "trex_emulator/model/rpc_fault.hpp"
#include "trex_emulator/model/stl_state.hpp"
#include "trex_emulator/rpc/method_table.hpp"

using namespace trexsearch::trex;
using namespace trexsearch::trex::emu;
using trexsearch::measure::Seconds;

namespace {

struct Ports {
  StlState state;
  FaultPlan faults;
  MethodContext context{state, Seconds{0.0}, faults};
  explicit Ports(const EmulatorOptions& options) : state(options, Seconds{0.0}) {}

  Json::Value add_stream(bool flow_stats, std::uint32_t stream_id = 1) {
    StreamSpec spec;
    spec.packet = std::string(60, 'x');
    spec.mode.rate = {RateType::pps, 1000.0};
    spec.flow_stats.enabled = flow_stats;
    spec.flow_stats.pg_id = 5;
    Json::Value params(Json::objectValue);
    params["port_id"] = 0;
    params["stream_id"] = stream_id;
    params["stream"] = codec::encode_stream(spec);
    return handlers::add_stream(context, params);
  }
};

std::vector<std::string> caps_of(const Json::Value& system_info, int port) {
  std::vector<std::string> caps;
  for (const Json::Value& cap : system_info["ports"][port]["rx"]["caps"]) {
    caps.push_back(cap.asString());
  }
  return caps;
}

}  // namespace

TEST_CASE("the link speed is attr.speed in Gbit/s and the base of percentage rates") {
  EmulatorOptions options;
  options.link_speed_gbps = 25.0;
  Ports ports(options);
  Json::Value params(Json::objectValue);
  params["port_id"] = 1;
  const Json::Value status = handlers::get_port_status(ports.context, params);
  CHECK(status["attr"]["speed"].isDouble());
  CHECK(status["attr"]["speed"].asDouble() == 25.0);
  const Json::Value info = handlers::get_system_info(ports.context, Json::Value(Json::objectValue));
  CHECK(info["ports"][1]["supp_speeds"][0].asUInt() == 25000);  // Mbps

  ports.state.acquire(0, "u", 1, false);
  ports.add_stream(false);
  // 50 % of 25 Gbit/s in 84-byte L1 frames (64 + preamble and gap).
  const double factor =
      ports.state.start_traffic(0, "_", {"percentage", 50.0}, Seconds{1.0}, false, Seconds{0.0});
  CHECK(factor * 1000.0 == doctest::Approx(12.5e9 / (84.0 * 8.0)));
  ports.state.stop_traffic(0, "_", Seconds{0.5});
  try {
    ports.state.start_traffic(0, "_", {"percentage", 150.0}, Seconds{1.0}, false, Seconds{1.0});
    FAIL("150 % of the line rate accepted");
  } catch (const RpcFault& fault) {
    CHECK(fault.specific_err().starts_with(
        "Expected L1 B/W: '37.5 Gbps' exceeds port line rate: '25 Gbps'"));
  }
}

TEST_CASE("ports list flow_stats, latency and rx_bytes as RX capabilities by default") {
  Ports ports{EmulatorOptions{}};
  const Json::Value info = handlers::get_system_info(ports.context, Json::objectValue);
  for (int port : {0, 1}) {
    CAPTURE(port);
    CHECK(caps_of(info, port) == std::vector<std::string>{"flow_stats", "latency", "rx_bytes"});
    CHECK(info["ports"][port]["rx"]["counters"].asUInt() > 0);
  }
  CHECK(ports.add_stream(true).isObject());
  CHECK(ports.state.active_pgids(false) == std::vector<std::uint32_t>{5});
}

TEST_CASE("without flow stats ports have no RX caps and refuse flow-stats streams like TRex") {
  EmulatorOptions options;
  options.flow_stats = false;
  Ports ports(options);
  const Json::Value info = handlers::get_system_info(ports.context, Json::objectValue);
  CHECK(caps_of(info, 0).empty());
  CHECK(info["ports"][0]["rx"]["counters"].asUInt() == 0);
  try {
    ports.add_stream(true);
    FAIL("a flow-stats stream was accepted without RX caps");
  } catch (const RpcFault& fault) {
    CHECK(fault.code() == rpc_code::invalid_params);
    CHECK(fault.message() == "Bad parameters for method");
    CHECK(fault.specific_err() == "RX stats is not supported on this interface");
  }
  // Streams without flow stats still work: port counters are what a client has.
  CHECK(ports.add_stream(false, 2).isObject());
  CHECK(ports.state.active_pgids(false).empty());
}
