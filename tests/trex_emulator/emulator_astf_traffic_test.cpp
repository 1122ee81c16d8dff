// trex-emulator --astf: flows through the simulated stateful SUT (connection rate,
// session table, flush), TRex's own ceiling, limits, and counters that add up.
#include <doctest/doctest.h>

#include <cmath>

#include "tests/trex_emulator/astf_harness.hpp"

using namespace trexsearch::trex;
using namespace trexsearch::trex::emu;
using trexsearch::trex::emu::testing::astf_fixture;
using trexsearch::trex::emu::testing::astf_options;
using trexsearch::trex::emu::testing::AstfHarness;

namespace {

// CSIT's profiles with their limit taken out: duration-bounded runs.
std::string unlimited(std::string text) {
  const std::size_t at = text.find(",\n                \"limit\": 64512");
  REQUIRE(at != std::string::npos);
  text.erase(at, std::string(",\n                \"limit\": 64512").size());
  return text;
}

std::string with_limit(std::string text, int limit) {
  const std::string old = "\"limit\": 64512";
  text.replace(text.find(old), old.size(), "\"limit\": " + std::to_string(limit));
  return text;
}

// One run from start to LOADED.
void run(AstfHarness& emu, double mult, double duration, bool nc = true) {
  REQUIRE(emu.start(mult, duration, nc)["result"].isObject());
  REQUIRE(emu.run_until(1, duration + 20.0, 0.05));
}

EmulatorOptions sut(double cps) {
  EmulatorOptions options = astf_options();
  options.astf_sut.cps = cps;
  return options;
}

}  // namespace

TEST_CASE("UDP CPS below the SUT's connection rate: every attempt is answered") {
  AstfHarness emu(sut(10000));
  emu.acquire();
  emu.upload(unlimited(astf_fixture("csit_udp_cps.json")));
  run(emu, 5000, 2.0);
  CHECK(emu.counter("client", "udps_connects") == 10000);
  CHECK(emu.counter("server", "udps_accepts") == 10000);
  // The client program does not wait for the answer (no rx_msg): TRex closed its flow, so
  // the answers are counted at the port and as packets without a flow (err_cwf), as a
  // real TRex does (docs/astf.md "Checked on a real TRex").
  CHECK(emu.counter("client", "udps_rcvpkt") == 0);
  CHECK(emu.counter("client", "err_cwf") == 10000);
  // Port counters: what the L7 counters sent and received, nothing else.
  CHECK(emu.port_stats(0)["opackets"].asDouble() == emu.counter("client", "udps_sndpkt"));
  CHECK(emu.port_stats(0)["ipackets"].asDouble() == emu.counter("client", "err_cwf"));
  CHECK(emu.port_stats(1)["ipackets"].asDouble() == emu.counter("server", "udps_rcvpkt"));
  CHECK(emu.port_stats(0)["obytes"].asUInt64() == 10000 * 64);
  CHECK(emu.counter("client", "m_traffic_duration") == doctest::Approx(2.0).epsilon(0.01));
}

TEST_CASE("UDP CPS above the SUT's connection rate: loss ~ (rate - capacity) / rate") {
  AstfHarness emu(sut(10000));
  emu.acquire();
  emu.upload(unlimited(astf_fixture("csit_udp_cps.json")));
  run(emu, 20000, 2.0);
  const double attempts = emu.counter("client", "udps_connects");
  const double passed = emu.counter("server", "udps_accepts");
  CHECK(attempts == 40000);
  CHECK((attempts - passed) / attempts == doctest::Approx(0.5).epsilon(0.01));
  CHECK(emu.port_stats(0)["opackets"].asDouble() - emu.port_stats(0)["ipackets"].asDouble() ==
        attempts - passed);
}

TEST_CASE("TCP CPS below and above the SUT's connection rate: connattempt vs connects") {
  for (const double mult : {5000.0, 20000.0}) {
    CAPTURE(mult);
    AstfHarness emu(sut(10000));
    emu.acquire();
    emu.upload(unlimited(astf_fixture("csit_tcp_cps.json")));
    run(emu, mult, 2.0);
    const double attempts = emu.counter("client", "tcps_connattempt");
    const double connects = emu.counter("client", "tcps_connects");
    CHECK(attempts == 2 * mult);
    const double expected_loss = std::max(0.0, (mult - 10000) / mult);
    CHECK((attempts - connects) / attempts == doctest::Approx(expected_loss).epsilon(0.02));
    // Every attempt ended: connected, dropped by keepinit or cut by nc.
    CHECK(emu.counter("client", "tcps_closed") == attempts);
    CHECK(emu.counter("client", "tcps_connects") + emu.counter("client", "tcps_conndrops") +
              emu.counter("client", "tcps_testdrops") >=
          attempts);
    CHECK(emu.counter("server", "tcps_accepts") == connects);
    if (mult > 10000) {
      CHECK(emu.counter("client", "tcps_rexmttimeo_syn") > 0);
      CHECK(emu.counter("client", "tcps_testdrops") > 0);
    } else {
      // 7 packets per transaction: 4 from the client, 3 from the server.
      CHECK(emu.counter("client", "tcps_sndtotal") == 4 * attempts);
      CHECK(emu.counter("server", "tcps_sndtotal") == 3 * attempts);
    }
    CHECK(emu.port_stats(0)["opackets"].asDouble() == emu.counter("client", "tcps_sndtotal"));
    CHECK(emu.port_stats(0)["ipackets"].asDouble() == emu.counter("client", "tcps_rcvtotal"));
    CHECK(emu.port_stats(1)["opackets"].asDouble() == emu.counter("server", "tcps_sndtotal"));
    CHECK(emu.port_stats(1)["ipackets"].asDouble() == emu.counter("server", "tcps_rcvtotal"));
  }
}

TEST_CASE("A limit run ends by itself, every flow of the limit made") {
  AstfHarness emu;
  emu.acquire();
  emu.upload(with_limit(astf_fixture("csit_tcp_cps.json"), 3000));
  REQUIRE(emu.start(1000, 0)["result"].isObject());  // no duration: only the limit ends it
  CHECK(emu.run_until(1, 10.0, 0.05));
  CHECK(emu.counter("client", "tcps_connattempt") == 3000);
  CHECK(emu.counter("client", "tcps_connects") == 3000);
  CHECK(emu.counter("client", "m_active_flows") == 0);
  CHECK(emu.counter("client", "m_traffic_duration") == doctest::Approx(3.0).epsilon(0.02));
}

TEST_CASE("CSIT's TPUT profiles: loops expanded into packets per transaction") {
  AstfHarness emu;
  emu.acquire();
  emu.upload(with_limit(astf_fixture("csit_udp_tput.json"), 100));
  run(emu, 1000, 0);
  CHECK(emu.counter("client", "udps_sndpkt") == 500);
  CHECK(emu.counter("server", "udps_sndpkt") == 500);
  emu.upload(with_limit(astf_fixture("csit_tcp_tput.json"), 100));
  run(emu, 1000, 0);
  // 5 data segments each way, one ACK each, plus 4 + 3 handshake and close segments.
  CHECK(emu.counter("client", "tcps_sndpack") == 500);
  CHECK(emu.counter("client", "tcps_sndtotal") == 100 * (4 + 5 + 5));
  CHECK(emu.counter("server", "tcps_sndtotal") == 100 * (3 + 5 + 5));
  CHECK(emu.counter("client", "tcps_sndbyte") == 100 * 5 * 1448);
  CHECK(emu.port_stats(0)["obytes"].asUInt64() > 100 * 5 * 1518);
}

TEST_CASE("--astf-max-cps: TRex falls behind, fewer attempts in a duration, longer limit runs") {
  EmulatorOptions options = astf_options();
  options.astf_max_cps = 1000;
  AstfHarness emu(options);
  emu.acquire();
  emu.upload(unlimited(astf_fixture("csit_udp_cps.json")));
  run(emu, 4000, 1.0);
  CHECK(emu.counter("client", "udps_connects") == doctest::Approx(1000).epsilon(0.01));
  emu.upload(with_limit(astf_fixture("csit_udp_cps.json"), 2000));
  run(emu, 4000, 0);
  CHECK(emu.counter("client", "udps_connects") == 2000);
  CHECK(emu.counter("client", "m_traffic_duration") == doctest::Approx(2.0).epsilon(0.02));
}

TEST_CASE("The SUT's session table fills across runs; a flush empties it") {
  EmulatorOptions options = astf_options();
  options.astf_sut.sessions = 1500;
  options.astf_sut.session_timeout_s = 300;
  AstfHarness emu(options);
  emu.acquire();
  emu.upload(with_limit(astf_fixture("csit_udp_cps.json"), 1000));
  run(emu, 10000, 0);
  CHECK(emu.counter("server", "udps_accepts") == 1000);
  run(emu, 10000, 0);
  CHECK(emu.counter("client", "udps_connects") == 1000);
  CHECK(emu.counter("server", "udps_accepts") == 500);
  CHECK(emu.astf().sut_sessions(0, trexsearch::measure::Seconds{emu.now_}) == 1500);
  emu.call("emulator_control", AstfHarness::json(R"({"flush_sessions":true})"));
  CHECK(emu.astf().sut_sessions(0, trexsearch::measure::Seconds{emu.now_}) == 0);
  run(emu, 10000, 0);
  CHECK(emu.counter("server", "udps_accepts") == 1000);
}

TEST_CASE("UDP sessions expire after the session timeout; TCP sessions leave at close") {
  EmulatorOptions options = astf_options();
  options.astf_sut.sessions = 1000;
  options.astf_sut.session_timeout_s = 5;
  AstfHarness emu(options);
  emu.acquire();
  emu.upload(with_limit(astf_fixture("csit_tcp_cps.json"), 1000));
  run(emu, 10000, 0);
  run(emu, 10000, 0);
  CHECK(emu.counter("client", "tcps_connects") == 1000);
  emu.upload(with_limit(astf_fixture("csit_udp_cps.json"), 1000));
  run(emu, 10000, 0);
  run(emu, 10000, 0);
  CHECK(emu.counter("server", "udps_accepts") == 0);
  emu.now_ += 6.0;
  run(emu, 10000, 0);
  CHECK(emu.counter("server", "udps_accepts") == 1000);
}

TEST_CASE("client_mask: only the client ports whose bit is set generate") {
  EmulatorOptions options = astf_options();
  options.port_count = 4;
  AstfHarness emu(options);
  emu.acquire();
  emu.upload(unlimited(astf_fixture("csit_udp_cps.json")));
  REQUIRE(emu.start(1000, 1.0, true, 1)["result"].isObject());
  REQUIRE(emu.run_until(1, 5.0, 0.05));
  CHECK(emu.port_stats(0)["opackets"].asUInt64() == 500);
  CHECK(emu.port_stats(2)["opackets"].asUInt64() == 0);
  CHECK(emu.counter("client", "udps_connects") == 500);
}
