// Testbeds: the config's [testbed.NAME] sections read and checked (a port of one TRex
// belongs to one testbed), and which testbed a job runs on.
#include "daemon/testbeds/testbed.hpp"

#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "daemon/testbeds/testbed_settings.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

using Settings = std::vector<std::pair<std::string, std::string>>;

const char* const kDaemonEndpoint = "tcp://127.0.0.1:4501";

std::string error_of(const Settings& settings) {
  try {
    testbeds_from_settings(settings, kDaemonEndpoint);
  } catch (const measure::ConfigError& error) {
    return error.what();
  }
  return "(accepted)";
}

// A 4-port tester as two testbeds, and a second TRex on the same host.
TestbedSet lab() {
  return testbeds_from_settings({{"testbed.lab-a.endpoint", "tcp://127.0.0.1:4501"},
                                 {"testbed.lab-a.ports", "0,1"},
                                 {"testbed.lab-b.endpoint", "tcp://127.0.0.1:4501"},
                                 {"testbed.lab-b.ports", "2-3"},
                                 {"testbed.lab-b.trex-user", "lab-b"},
                                 {"testbed.other.endpoint", "tcp://127.0.0.1:4511"},
                                 {"testbed.other.ports", "0, 1"}},
                                kDaemonEndpoint);
}

std::string resolve_error(const TestbedSet& set, const std::string& name,
                          const std::string& endpoint, bool given,
                          const std::set<std::uint8_t>& ports) {
  try {
    set.resolve(name, endpoint, given, ports);
  } catch (const measure::ConfigError& error) {
    return error.what();
  }
  return "(resolved)";
}

}  // namespace

TEST_CASE("testbed sections become testbeds in file order; none makes one named default") {
  const TestbedSet set = lab();
  REQUIRE(set.all().size() == 3);
  CHECK(set.names() == "lab-a, lab-b, other");
  CHECK(set.all()[1].ports == std::set<std::uint8_t>{2, 3});
  CHECK(set.all()[1].trex_user == "lab-b");
  CHECK_FALSE(set.all()[0].trex_user);
  CHECK(set.all()[2].ports_text() == "0,1");

  const TestbedSet plain = testbeds_from_settings({}, "tcp://10.0.0.5:4501");
  REQUIRE(plain.all().size() == 1);
  CHECK(plain.all()[0].name == "default");
  CHECK(plain.all()[0].endpoint == "tcp://10.0.0.5:4501");
  CHECK(plain.all()[0].ports_text() == "every port");
}

TEST_CASE("testbeds sharing a port of one TRex are refused, naming both") {
  CHECK(error_of({{"testbed.a.endpoint", "tcp://h:4501"},
                  {"testbed.a.ports", "0,1"},
                  {"testbed.b.endpoint", "tcp://h:4501"},
                  {"testbed.b.ports", "1,2"}}) ==
        "testbed.b.ports = 1,2: testbeds a and b share port 1 of tcp://h:4501; a port belongs "
        "to one testbed, so that their jobs can run at the same time");
  // The same port ids of two TRex servers are two ports.
  CHECK(error_of({{"testbed.a.endpoint", "tcp://h:4501"},
                  {"testbed.a.ports", "0,1"},
                  {"testbed.b.endpoint", "tcp://h:4511"},
                  {"testbed.b.ports", "0,1"}}) == "(accepted)");
}

TEST_CASE("a bad testbed section is refused naming the key and value") {
  CHECK(error_of({{"testbed.a.endpoint", "h:4501"}, {"testbed.a.ports", "0"}}) ==
        "testbed.a.endpoint = h:4501: must be tcp://HOST:PORT");
  CHECK(error_of({{"testbed.a.ports", "0,1"}}) ==
        "testbed.a.endpoint = (missing): required: the TRex it runs on, tcp://HOST:PORT");
  CHECK(error_of({{"testbed.a.endpoint", "tcp://h:1"}}) ==
        "testbed.a.ports = (missing): required: the TRex ports it owns, e.g. 0,1");
  CHECK(error_of({{"testbed.a.endpoint", "tcp://h:1"}, {"testbed.a.ports", "0,x"}})
            .find("testbed.a.ports = 0,x: \"x\" is not a port id") != std::string::npos);
  CHECK(error_of({{"testbed.a.endpoint", "tcp://h:1"}, {"testbed.a.ports", "3-1"}})
            .find("range 3-1 runs backwards") != std::string::npos);
  CHECK(error_of({{"testbed.a.endpoint", "tcp://h:1"}, {"testbed.a.ports", "255"}})
            .find("port 255 is past 254") != std::string::npos);
  CHECK(error_of({{"testbed.a.endpont", "tcp://h:1"}})
            .find("testbed.a.endpont = tcp://h:1: unknown testbed key (known: endpoint, ports, "
                  "trex-user, hooks, port-speed)") != std::string::npos);
  CHECK(error_of({{"testbed.a.endpoint", "tcp://h:1"},
                  {"testbed.a.ports", "0"},
                  {"testbed.a.port-speed", "fast"}})
            .find("testbed.a.port-speed = fast: must be the ports' speed in Gbit/s") !=
        std::string::npos);
  const TestbedSet sped = testbeds_from_settings({{"testbed.a.endpoint", "tcp://h:1"},
                                                  {"testbed.a.ports", "0,1"},
                                                  {"testbed.a.port-speed", "25"},
                                                  {"testbed.a.hooks", "reset-nat, stats"}},
                                                 "tcp://h:1");
  CHECK(sped.all().at(0).port_speed_gbps == 25.0);
  CHECK(sped.all().at(0).hooks == std::set<std::string>{"reset-nat", "stats"});
  CHECK(error_of({{"testbed.a b.endpoint", "tcp://h:1"}}).find("not a testbed setting") !=
        std::string::npos);
}

TEST_CASE("a job runs on the testbed it names, or the one its endpoint and ports belong to") {
  const TestbedSet set = lab();
  CHECK(set.resolve("lab-b", kDaemonEndpoint, false, {2, 3}).name == "lab-b");
  CHECK(set.resolve("", kDaemonEndpoint, false, {0, 1}).name == "lab-a");
  CHECK(set.resolve("", kDaemonEndpoint, false, {3}).name == "lab-b");
  CHECK(set.resolve("", "tcp://127.0.0.1:4511", true, {0, 1}).name == "other");
  CHECK(resolve_error(set, "lab-c", kDaemonEndpoint, false, {0, 1}) ==
        "testbed = lab-c: no such testbed (this daemon's testbeds: lab-a, lab-b, other)");
  CHECK(resolve_error(set, "", kDaemonEndpoint, false, {1, 2}) ==
        "testbed = (none named): no testbed on tcp://127.0.0.1:4501 has ports 1,2; name one "
        "with \"testbed\" (this daemon's testbeds: lab-a, lab-b, other)");
  CHECK(resolve_error(set, "lab-a", kDaemonEndpoint, false, {2, 3}) ==
        "ports = 2,3: testbed lab-a has ports 0,1 only; use those or another testbed (this "
        "daemon's testbeds: lab-a, lab-b, other)");
  CHECK(resolve_error(set, "other", kDaemonEndpoint, true, {0, 1}) ==
        "endpoint = tcp://127.0.0.1:4501: testbed other is on tcp://127.0.0.1:4511; leave the "
        "endpoint out or name its testbed");
  // Without sections, every job runs on the testbed made of trex-endpoint.
  const TestbedSet plain = testbeds_from_settings({}, kDaemonEndpoint);
  CHECK(plain.resolve("", kDaemonEndpoint, false, {0, 1, 2, 3}).name == "default");
}

}  // namespace trexsearch::service
