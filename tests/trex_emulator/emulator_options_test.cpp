// EmulatorOptions::validate: every refusal names its option and the offending value.
#include <doctest/doctest.h>

#include <functional>
#include <limits>
#include <string>

#include "tests/support/config_refusal.hpp"
#include "trex_emulator/model/emulator_options.hpp"

using trexsearch::measure::Seconds;
using trexsearch::trex::emu::EmulatorOptions;

namespace {

/// What validate() refused with, as "field = value: reason"; empty when it passed.
std::string refusal(const std::function<void(EmulatorOptions&)>& change) {
  return test_support::config_refusal(EmulatorOptions{}, change,
                                      [](const EmulatorOptions& o) { o.validate(); });
}

}  // namespace

TEST_CASE("the defaults pass") {
  CHECK(refusal([](EmulatorOptions&) {}).empty());
}

TEST_CASE("server, link and pacing options") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(refusal([](EmulatorOptions& o) { o.rpc_endpoint.clear(); }) ==
        "rpc_endpoint = \"\": must not be empty");
  CHECK(refusal([](EmulatorOptions& o) { o.pub_endpoint.clear(); }) ==
        "pub_endpoint = \"\": must not be empty");
  CHECK(refusal([](EmulatorOptions& o) { o.port_count = 3; }) ==
        "ports = 3: must be an even number in [2, 254]");
  CHECK(refusal([](EmulatorOptions& o) { o.port_count = 256; }) ==
        "ports = 256: must be an even number in [2, 254]");
  CHECK(refusal([](EmulatorOptions& o) { o.link_speed_gbps = 0.0; }) ==
        "link_speed_gbps = 0: must be > 0");
  CHECK(refusal([](EmulatorOptions& o) { o.sut_latency = Seconds{11.0}; }) ==
        "sut_latency = 11: must be in [0, 10] s");
  CHECK(refusal([&](EmulatorOptions& o) { o.max_tx_pps = nan; }) ==
        "max_tx_pps = nan: must be > 0");
  CHECK(refusal([](EmulatorOptions& o) { o.speed = 0.0001; }) ==
        "speed = 0.0001: must be in [0.001, 1e6]");
  CHECK(refusal([](EmulatorOptions& o) { o.dp_core_count = 0; }) ==
        "dp_core_count = 0: must be in [1, 64]");
  // Of two bad options the first in this order is named: ports before speed.
  CHECK(refusal([](EmulatorOptions& o) {
          o.speed = 0.0;
          o.port_count = 1;
        }) == "ports = 1: must be an even number in [2, 254]");
}

TEST_CASE(
    "the SUT model: the latency rate is the profile's, ports exist, options are the model's") {
  CHECK(refusal([](EmulatorOptions& o) { o.sut_options["latency_rate_pps"] = 1000.0; }) ==
        "sut_options.latency_rate_pps = 1000: not an emulator option: the profile's latency "
        "streams set their rate");
  CHECK(refusal([](EmulatorOptions& o) { o.sut_port_options[1]["latency_rate_pps"] = 10.0; }) ==
        "sut_port_options[1].latency_rate_pps = 10: not an emulator option: the profile's "
        "latency streams set their rate");
  CHECK(refusal([](EmulatorOptions& o) { o.sut_port_options[2]["capacity_pps"] = 1e6; }) ==
        "sut_port_options[2] = {capacity_pps=1000000}: no such port; ports are 0..1");
  CHECK(refusal([](EmulatorOptions& o) { o.sut_model = "nonesuch"; }).find("nonesuch") !=
        std::string::npos);
}
