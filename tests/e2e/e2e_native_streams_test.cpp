// A profile of TRex's own streams (etc/profiles/trex-imix.json: stl-sim's output of
// TRex's stl/imix.py) runs through trex-searchd on trex-emulator as it is, and finds
// the NDR/PDR the same IMIX written in the profile language finds.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "tests/daemon/support/emulator_process.hpp"
#include "tests/daemon/support/service_test_support.hpp"
#include "tests/support/build_paths.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;

constexpr double kSpeed = 100.0;

// stl/imix.py in the profile language: 64, 594 and 1518-byte frames at 28:16:4, both
// IPv4 addresses varied over 254 values, both directions.
Json::Value declarative_imix() {
  return parse_json(R"({"name": "imix-language", "port_pairs": [{"ports": [0, 1]}],
      "imix": [{"frame_size": 64, "weight": 28}, {"frame_size": 594, "weight": 16},
               {"frame_size": 1518, "weight": 4}],
      "ipv4": {"src": "16.0.0.1", "dst": "48.0.0.1"}, "udp": {"src_port": 53, "dst_port": 53},
      "flows": {"count": 254, "vary": ["src_ip", "dst_ip"]}})");
}

Json::Value submit_with(const std::string& endpoint, const Json::Value& profile,
                        const std::string& source) {
  Json::Value measurer(Json::objectValue);
  measurer["kind"] = "trex";
  measurer["endpoint"] = endpoint;
  measurer["profile"] = profile;
  measurer["profile_source"] = source;
  measurer["speed"] = kSpeed;
  return submit_arguments(two_goal_spec(10000.0, 2e6), measurer);
}

struct Bounds {
  double lower = 0.0;
  double upper = 0.0;
};

std::vector<Bounds> run(ControlClient& client, const Json::Value& submit) {
  const auto submitted = client.request("submit", submit);
  INFO(submitted.arguments.toStyledString());
  REQUIRE(submitted.result == ResultCode::success);
  const std::int64_t job = submitted.arguments["job"].asInt64();
  REQUIRE(client.request("watch", job_arguments(job), 2).result == ResultCode::success);
  const Json::Value ended = client.wait_event("job.ended");
  REQUIRE(ended["state"].asString() == "finished");
  const auto result = client.request("result", job_arguments(job));
  REQUIRE(result.result == ResultCode::success);
  std::vector<Bounds> bounds;
  for (const Json::Value& goal : result.arguments["result"]["goals"]) {
    CHECK(goal["regular"].asBool());
    bounds.push_back(
        {goal["relevant_lower_bound"].asDouble(), goal["relevant_upper_bound"].asDouble()});
  }
  for (const Json::Value& trial : result.arguments["result"]["trials"]) {
    CHECK(trial["counters"].asString() == "flow_stats");
  }
  return bounds;
}

}  // namespace

TEST_CASE("TRex's own IMIX streams find the NDR/PDR of the same IMIX in the profile language") {
  TempDir dir;
  EmulatorProcess emulator(dir.file("emulator.log"),
                           {"--sut", "sharp", "--sut-option", "capacity_pps=1e6", "--speed",
                            std::to_string(static_cast<int>(kSpeed))});
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  ControlClient client(dir.file("control.sock"));
  Json::Value native;
  set_inline_profile(native, testing::build_paths::source_file("etc/profiles/trex-imix.json"));
  const std::vector<Bounds> from_streams =
      run(client, submit_with(emulator.rpc_endpoint(), native["profile"], "trex-imix.json"));
  const std::vector<Bounds> from_language =
      run(client, submit_with(emulator.rpc_endpoint(), declarative_imix(), "inline"));
  INFO(daemon.log());
  REQUIRE(from_streams.size() == 2);
  REQUIRE(from_language.size() == 2);
  for (std::size_t i = 0; i < 2; ++i) {
    CAPTURE(i);
    // Within one goal width: the bounds' own relative width.
    const double width = from_language[i].upper / from_language[i].lower - 1.0;
    CHECK(std::abs(from_streams[i].lower / from_language[i].lower - 1.0) <= width * 1.001);
    CHECK(std::abs(from_streams[i].upper / from_language[i].upper - 1.0) <= width * 1.001);
  }
}

}  // namespace trexsearch::servicetest
