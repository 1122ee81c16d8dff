// TrexMeasurerConfig::validate: every refusal names its field and the offending value.
#include <doctest/doctest.h>

#include <functional>
#include <limits>
#include <string>

#include "tests/support/config_refusal.hpp"
#include "trex_client/measurer/trex_measurer_config.hpp"

using trexsearch::measure::Seconds;
using trexsearch::trex::CounterSource;
using trexsearch::trex::LatencyStreamRef;
using trexsearch::trex::TrafficDirection;
using trexsearch::trex::TrexMeasurerConfig;

namespace {

/// Both directions of ports 0 and 1, counted per stream.
TrexMeasurerConfig bidirectional() {
  TrexMeasurerConfig config;
  config.directions = {TrafficDirection{0, 1, 1}, TrafficDirection{1, 0, 2}};
  return config;
}

/// What validate() refused with, as "field = value: reason"; empty when it passed.
std::string refusal(const std::function<void(TrexMeasurerConfig&)>& change) {
  return test_support::config_refusal(bidirectional(), change,
                                      [](const TrexMeasurerConfig& c) { c.validate(); });
}

}  // namespace

TEST_CASE("the defaults with a direction per port pass") {
  CHECK(refusal([](TrexMeasurerConfig&) {}).empty());
  CHECK(refusal([](TrexMeasurerConfig& c) {
          c.counters = CounterSource::port;
          for (TrafficDirection& d : c.directions) d.pg_id.reset();
        }).empty());
  CHECK(refusal([](TrexMeasurerConfig& c) {
          c.directions[0].latency = LatencyStreamRef{11, 1000.0};
          c.directions[1].latency = LatencyStreamRef{12, 1000.0};
        }).empty());
}

TEST_CASE("directions: ports and per-stream counting") {
  CHECK(refusal([](TrexMeasurerConfig& c) { c.directions.clear(); }) ==
        "directions = []: needs at least one direction");
  CHECK(refusal([](TrexMeasurerConfig& c) { c.directions[1].rx_port = 1; }) ==
        "directions = 1: a direction needs different TX and RX ports");
  CHECK(refusal([](TrexMeasurerConfig& c) {
          c.directions[1] = TrafficDirection{0, 2, 2};
        }) == "directions = 0: port transmits in two directions");
  CHECK(refusal([](TrexMeasurerConfig& c) { c.directions[1].pg_id.reset(); }) ==
        "directions = 1->0: counting per stream (flow_stats) needs a pg_id for every direction");
}

TEST_CASE("latency streams: every direction or none, one rate, their own pg_ids") {
  CHECK(refusal([](TrexMeasurerConfig& c) {
          c.directions[1].latency = LatencyStreamRef{12, 1000.0};
        }) == "directions = 1->0: latency streams need to be in every direction or in none");
  CHECK(refusal([](TrexMeasurerConfig& c) {
          c.directions[0].latency = LatencyStreamRef{11, 1000.0};
          c.directions[1].latency = LatencyStreamRef{12, 500.0};
        }) ==
        "directions = 1->0 latency rate 500: latency streams need one positive rate for "
        "every direction");
  CHECK(refusal([](TrexMeasurerConfig& c) {
          c.directions[0].latency = LatencyStreamRef{11, 0.0};
          c.directions[1].latency = LatencyStreamRef{12, 0.0};
        }) ==
        "directions = 0->1 latency rate 0: latency streams need one positive rate for "
        "every direction");
  CHECK(refusal([](TrexMeasurerConfig& c) {
          c.directions[0].latency = LatencyStreamRef{2, 1000.0};
          c.directions[1].latency = LatencyStreamRef{12, 1000.0};
        }) == "directions = 0->1 latency pg_id 2: pg_id already used by another stream");
}

TEST_CASE("timing and counts") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(refusal([](TrexMeasurerConfig& c) { c.tx_poll_interval = Seconds{0.0}; }) ==
        "tx_poll_interval = 0: must be > 0 [s]");
  CHECK(refusal([](TrexMeasurerConfig& c) { c.tx_start_delay = Seconds{-1e-6}; }) ==
        "tx_start_delay = -1e-06: must be >= 0 [s]");
  CHECK(refusal([&](TrexMeasurerConfig& c) { c.tx_end_slack = nan; }) ==
        "tx_end_slack = nan: must be >= 0");
  CHECK(refusal([](TrexMeasurerConfig& c) { c.settle_poll_interval = Seconds{0.0}; }) ==
        "settle_poll_interval = 0: must be > 0 [s]");
  CHECK(refusal([](TrexMeasurerConfig& c) { c.settle_min = Seconds{-0.5}; }) ==
        "settle_min = -0.5: must be >= 0 [s]");
  CHECK(refusal([](TrexMeasurerConfig& c) { c.settle_max = Seconds{-0.5}; }) ==
        "settle_max = -0.5: must be >= 0 [s]");
  CHECK(refusal([](TrexMeasurerConfig& c) {
          c.settle_min = Seconds{2.0};
          c.settle_max = Seconds{1.0};
        }) == "settle_max = 1: must be >= settle_min (2)");
  CHECK(refusal([](TrexMeasurerConfig& c) { c.intended_count_tolerance = Seconds{-1.0}; }) ==
        "intended_count_tolerance = -1: must be >= 0 [s]");
  CHECK(refusal([](TrexMeasurerConfig& c) { c.warmup_duration = Seconds{-1.0}; }) ==
        "warmup_duration = -1: must be >= 0 [s]");
  CHECK(refusal([](TrexMeasurerConfig& c) { c.prime_duration = Seconds{-1.0}; }) ==
        "prime_duration = -1: must be >= 0 [s]");
  CHECK(refusal([](TrexMeasurerConfig& c) { c.max_unverified_repeats = -1; }) ==
        "max_unverified_repeats = -1: must be >= 0");
  CHECK(refusal([](TrexMeasurerConfig& c) { c.max_setup_recoveries = -1; }) ==
        "max_setup_recoveries = -1: must be >= 0");
}
