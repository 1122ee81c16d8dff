// The checks TRex skips with force, made by the measurer (port_readiness.hpp), and the
// port status fields they read.
#include <doctest/doctest.h>

#include <vector>

#include "trex_client/measurer/port_readiness.hpp"

using namespace trexsearch::trex;

namespace {

PortStatus status(std::uint8_t port, bool link_up, std::string ether, std::string ipv4) {
  PortStatus result;
  result.port_id = port;
  result.link_up = link_up;
  result.ether_state = std::move(ether);
  result.ipv4_state = std::move(ipv4);
  return result;
}

}  // namespace

TEST_CASE("a destination is resolved as TRex's client decides, in L2 and L3 mode") {
  CHECK(destination_resolved(status(0, true, "configured", "none")));
  CHECK_FALSE(destination_resolved(status(0, true, "unconfigured", "none")));
  CHECK(destination_resolved(status(0, true, "unconfigured", "resolved")));
  CHECK_FALSE(destination_resolved(status(0, true, "configured", "unresolved")));
  // TRex said nothing (an older server): nothing to hold against the port.
  CHECK(destination_resolved(status(0, true, "", "")));
}

TEST_CASE("every problem is named with its port; ready ports give none") {
  const std::vector<PortStatus> ready{status(0, true, "configured", "none"),
                                      status(1, true, "configured", "none")};
  const std::vector<std::uint8_t> both{0, 1};
  CHECK(port_readiness_problems(ready, both).empty());

  const std::vector<PortStatus> broken{status(0, true, "configured", "unresolved"),
                                       status(1, false, "unconfigured", "none")};
  const std::vector<std::string> problems = port_readiness_problems(broken, both);
  REQUIRE(problems.size() == 3);
  CHECK(problems[0] ==
        "port 0: destination MAC unresolved (layer_cfg.ipv4.state \"unresolved\"), and streams "
        "take their destination MAC from the port");
  CHECK(problems[1] == "port 1: link is down");
  CHECK(
      problems[2].starts_with("port 1: destination MAC unresolved (layer_cfg.ether.state "
                              "\"unconfigured\")"));
  CHECK(join_problems(problems).find("; port 1: link is down; ") != std::string::npos);

  // Streams with their own destination MAC need no resolution, only a link.
  const std::vector<std::uint8_t> none;
  const std::vector<std::string> link_only = port_readiness_problems(broken, none);
  REQUIRE(link_only.size() == 1);
  CHECK(link_only[0] == "port 1: link is down");
}

TEST_CASE("a silent direction: frames sent (or meant to be) and none back") {
  using trexsearch::measure::DirectionCounts;
  const std::vector<DirectionCounts> healthy{{"0->1", 100, 100, 99}, {"1->0", 100, 100, 1}};
  CHECK_FALSE(silent_direction(healthy).has_value());
  // Nothing to send (a latency trial's main traffic at the latency rate): no silence.
  const std::vector<DirectionCounts> idle{{"0->1", 0, 0, 0}};
  CHECK_FALSE(silent_direction(idle).has_value());
  const std::vector<DirectionCounts> lost{{"0->1", 100, 100, 5}, {"1->0", 100, 101, 0}};
  CHECK(silent_direction(lost) == "direction 1->0 received none of its 101 frames");
  // A NIC that counts nothing out on a dead link: the intended frames say it.
  const std::vector<DirectionCounts> unsent{{"0->1", 100, 0, 0}};
  CHECK(silent_direction(unsent) == "direction 0->1 sent none of its 100 intended frames");
}
