// End to end: `trex-search profile check FILE` compiles a profile on the client and
// prints what each direction sends; an invalid profile exits 2 naming the stream,
// the field and the value. No daemon, no TRex.
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "tests/daemon/support/service_test_support.hpp"
#include "tests/support/build_paths.hpp"

namespace trexsearch::servicetest {
namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("profile check describes TRex streams stream by stream") {
  TempDir dir;
  const CliRun run = run_cli(
      dir, {"profile", "check", testing::build_paths::source_file("etc/profiles/trex-imix.json")});
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(has(run.out, "profile \"trex-imix\""));
  CHECK(has(run.out, "TRex streams, 2 directions, counted with flow_stats"));
  // stl/imix.py: 64, 594 and 1518-byte frames at 28:16:4 of the packets.
  CHECK(has(run.out, "mean frame size 361.83 B"));
  CHECK(has(run.out, "0->1 (flow_stats pg_id 1):"));
  CHECK(has(run.out, "1->0 (flow_stats pg_id 2):"));
  CHECK(has(run.out, "58.33 %"));
  CHECK(has(run.out, "src 254 values (inc), dst 254 values (inc); checksums: ipv4"));
  // A 1518 B frame takes 1538 B on the wire: 12304 bits.
  CHECK(has(run.out, "12304"));
}

TEST_CASE("profile check describes the profile language and port counters") {
  TempDir dir;
  const CliRun run =
      run_cli(dir, {"profile", "check", "--counters", "port",
                    testing::build_paths::source_file("etc/profiles/ipv4-udp-1k-flows.json")});
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(has(run.out, "profile language"));
  CHECK(has(run.out, "counted with port"));
  CHECK(has(run.out, "1024 values (inc)"));
  CHECK_FALSE(has(run.out, "pg_id"));
}

TEST_CASE("profile check refuses what a trial cannot run, naming the stream") {
  TempDir dir;
  std::ifstream file(testing::build_paths::source_file("tests/trex_client/stl/burst_3st_1000pkt.json"));
  std::string streams((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const std::string profile = dir.write(
      "burst.json", R"({"port_pairs": [{"ports": [0, 1], "bidirectional": false}],
      "trex_streams": {"0": )" + streams + "}}");
  const CliRun run = run_cli(dir, {"profile", "check", profile});
  CHECK(run.exit_code == 2);
  CHECK(has(run.err, "trex_streams.0[0].mode.type = \"single_burst\""));
  const CliRun usage = run_cli(dir, {"profile", "frobnicate", profile});
  CHECK(usage.exit_code == 2);
  CHECK(has(usage.err, "trex-search profile check FILE"));
}

}  // namespace trexsearch::servicetest
