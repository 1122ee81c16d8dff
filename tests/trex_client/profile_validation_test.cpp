// validate_profile on TrafficProfile values: each refusal names its field, the value
// and why (the JSON front end's own checks: profile_test.cpp).
#include <doctest/doctest.h>

#include <functional>
#include <string>

#include "tests/support/config_refusal.hpp"
#include "trex_client/profile/compiled_profile.hpp"

using trexsearch::trex::TrafficProfile;
using trexsearch::trex::validate_profile;

namespace {

/// One bidirectional pair, 64 B frames.
TrafficProfile base_profile() {
  TrafficProfile profile;
  profile.name = "test";
  profile.port_pairs = {{0, 1, true}};
  profile.frame_sizes = {{64, 1}};
  return profile;
}

/// What validate_profile refused with, as "field = value: reason"; empty when it passed.
std::string refusal(const std::function<void(TrafficProfile&)>& change) {
  return test_support::config_refusal(base_profile(), change,
                                      [](const TrafficProfile& p) { validate_profile(p); });
}

}  // namespace

TEST_CASE("a 64 B profile on one bidirectional pair passes") {
  CHECK(refusal([](TrafficProfile&) {}).empty());
}

TEST_CASE("port pairs: at least one, two ports each, no port twice") {
  CHECK(refusal([](TrafficProfile& p) { p.port_pairs.clear(); }) ==
        "port_pairs = []: needs at least one port pair");
  CHECK(refusal([](TrafficProfile& p) {
          p.port_pairs = {{2, 2, false}};
        }) == "port_pairs[0].ports = [2, 2]: a pair needs two different ports");
  CHECK(refusal([](TrafficProfile& p) {
          p.port_pairs = {{0, 1, true}, {1, 2, false}};
        }) == "port_pairs[1].ports = [1, 2]: port 1 is already in another pair");
}

TEST_CASE("frame sizes: one or an IMIX, each in range, weights positive") {
  CHECK(refusal([](TrafficProfile& p) { p.frame_sizes.clear(); }) ==
        "frame_size = (missing): needs a frame size or an IMIX");
  CHECK(refusal([](TrafficProfile& p) {
          p.frame_sizes = {{63, 1}};
        }) == "frame_size = 63: must be in [64, 9000] bytes (incl. FCS)");
  CHECK(refusal([](TrafficProfile& p) {
          p.frame_sizes = {{64, 7}, {9001, 1}};
        }) == "imix[1].frame_size = 9001: must be in [64, 9000] bytes (incl. FCS)");
  CHECK(refusal([](TrafficProfile& p) {
          p.frame_sizes = {{64, 7}, {1518, 0}};
        }) == "imix[1].weight = 0: must be > 0");
}

TEST_CASE("flows: at least one") {
  CHECK(refusal([](TrafficProfile& p) { p.flows.count = 0; }) == "flows.count = 0: must be >= 1");
}
