// The typed API and the session against the emulator: ownership conflicts, force,
// recovery after a restart, timeouts, malformed replies.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>

#include "measure/errors.hpp"
#include "tests/support/emulator_fixture.hpp"
#include "trex_client/codec/profile_codec.hpp"
#include "trex_client/transport/rpc_stop.hpp"

using namespace trexsearch::trex;
using trexsearch::measure::Seconds;

namespace {

std::vector<PortStreams> simple_streams() {
  TrafficProfile profile;
  profile.port_pairs = {{0, 1, true}};
  profile.frame_sizes = {{64, 1}};
  return compile_profile(profile).ports;
}

TrexError error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const TrexError& error) {
    return error;
  }
  FAIL("no TrexError");
  throw;
}

}  // namespace

TEST_CASE("typed calls round trip through the emulator") {
  emu::EmulatorServer emulator(test_support::emulator_options());
  TrexApi api = test_support::make_api(emulator);
  const std::string handle = api.api_sync_v2();
  CHECK(handle.size() == 8);
  CHECK(api.api_handle() == handle);
  CHECK(api.get_version().version == "v3.03");
  CHECK(api.get_version().mode == "STL");
  const SystemInfo info = api.get_system_info();
  CHECK(info.port_count == 2);
  CHECK(info.ports.size() == 2);
  CHECK(info.ports[0].rx_caps.size() == 3);
  CHECK(api.ping() >= 0.0);
  const auto commands = api.get_supported_cmds();
  CHECK(std::find(commands.begin(), commands.end(), "start_traffic") != commands.end());

  const OwnedPort port = api.acquire({0, "me", 99, false});
  CHECK(port.handler.size() == 8);
  CHECK(api.get_port_status(0).owner == "me");
  CHECK(api.get_port_status(0).state == PortState::idle);
  CHECK(api.get_port_status(0).speed_gbps == 10.0);

  StreamSpec stream = simple_streams()[0].streams[0];
  api.add_stream(port, 1, stream);
  CHECK(api.get_port_status(0).state == PortState::streams);
  CHECK(api.get_port_status(0).max_stream_id == 1);
  StartTrafficRequest start;
  start.multiplier = {MultiplierType::pps, 2000.0};
  start.duration = Seconds{-1.0};
  const StartTrafficReply reply = api.start_traffic(port, start);
  CHECK(reply.multiplier == doctest::Approx(2000.0));  // base rate 1 pps (weight)
  CHECK(api.get_port_status(0).state == PortState::tx);
  api.stop_traffic(port);
  CHECK(api.get_port_status(0).state == PortState::streams);

  const std::uint8_t ports[] = {0, 1};
  const StatsSnapshot stats = api.get_stats(ports);
  CHECK(stats.ports.size() == 2);
  CHECK(stats.global.total_tx_pkts == stats.port(0).opackets + stats.port(1).opackets);
  CHECK(api.get_port_stats(1).ipackets == stats.port(1).ipackets);

  // Events of this session: acquire, start (profile + port), stop (profile + port).
  const std::vector<AsyncEvent> events = api.get_async_events(99);
  REQUIRE(events.size() == 5);
  CHECK(events[0].type == event_type::port_acquired);
  CHECK(events[1].type == event_type::profile_started);
  CHECK(events[2].type == event_type::port_started);
  CHECK(events[3].type == event_type::profile_stopped);
  CHECK(events[4].type == event_type::port_stopped);
  for (std::size_t i = 0; i < events.size(); ++i) CHECK(events[i].seq == i);
  CHECK(api.get_async_events(99).empty());

  api.release(port);
  CHECK(api.get_port_status(0).owner.empty());
}

TEST_CASE("many streams are added in batches below the message size limit") {
  emu::EmulatorServer emulator(test_support::emulator_options());
  TrexApi api = test_support::make_api(emulator);
  api.api_sync_v2();
  const OwnedPort port = api.acquire({0, "me", 5, false});
  StreamSpec big = simple_streams()[0].streams[0];
  big.packet = std::string(9000, 'p');  // ~12 kB of base64 per stream
  std::vector<NumberedStream> streams;
  for (std::uint32_t id = 1; id <= 120; ++id) streams.push_back({id, big});
  const std::uint64_t before = api.exchanges();
  api.add_streams(port, streams);
  // ~1.45 MB of JSON: more than one message, each under 500 kB.
  CHECK(api.exchanges() - before >= 3);
  CHECK(api.get_port_status(0).max_stream_id == 120);
}

TEST_CASE("a port held by another user is a clear error; force takes it over") {
  emu::EmulatorServer emulator(test_support::emulator_options());
  auto alice = test_support::make_session(emulator, {0, 1}, "alice");
  alice->connect();
  alice->load_streams(simple_streams());

  auto bob = test_support::make_session(emulator, {0, 1}, "bob");
  const TrexError refused = error_of([&] { bob->connect(); });
  CHECK(refused.kind() == TrexErrorKind::rpc);
  CHECK(refused.method() == "acquire");
  CHECK(refused.specific_err() == "port is already taken by 'alice'");
  CHECK(std::string(refused.what()).find("alice") != std::string::npos);

  auto bob_forcing = test_support::make_session(emulator, {0, 1}, "bob", true);
  bob_forcing->connect();
  CHECK(bob_forcing->api().get_port_status(0).owner == "bob");

  // Alice lost her ports: her next owned command says so, and recovering without
  // force names the new owner instead of stealing the ports back.
  const TrexError lost = error_of([&] { alice->api().stop_traffic(alice->port(0)); });
  CHECK(lost.is_ownership_lost());
  CHECK(TrexSession::is_recoverable(lost));
  const TrexError still_taken = error_of([&] { alice->recover(lost); });
  CHECK(still_taken.specific_err() == "port is already taken by 'bob'");
}

TEST_CASE("after a restart the session re-syncs, re-acquires and re-adds its streams") {
  emu::EmulatorServer emulator(test_support::emulator_options());
  std::vector<std::string> log;
  trexsearch::trex::SessionConfig config;
  config.user = "me";
  config.ports = {0, 1};
  config.log = [&](std::string_view line) { log.emplace_back(line); };
  TrexSession session(std::make_unique<ZmqRpcChannel>(emulator.rpc_endpoint()), config);
  session.connect();
  session.load_streams(simple_streams());
  const std::string old_handle = session.api().api_handle();

  emulator.restart();
  const TrexError error = error_of([&] { session.api().get_port_status(0); });
  CHECK(error.is_api_verification_failure());
  REQUIRE(TrexSession::is_recoverable(error));
  session.recover(error);
  CHECK(session.recoveries() == 1);
  CHECK(session.api().api_handle() != old_handle);
  CHECK(emulator.restarts() == 1);
  const PortStatus status = session.api().get_port_status(0);
  CHECK(status.owner == "me");
  CHECK(status.state == PortState::streams);
  CHECK(status.max_stream_id == 1);
  REQUIRE(log.size() >= 3);
  CHECK(log[1].starts_with("trex_reconnect "));
  CHECK(log[2].starts_with("trex_reconnected "));
}

TEST_CASE("timeouts: a dropped or late reply fails the call, the next call works") {
  emu::EmulatorServer emulator(test_support::emulator_options());
  TrexApi api = test_support::make_api(emulator, 0.1);
  api.api_sync_v2();

  emulator.faults().drop_next_replies(1);
  const TrexError dropped = error_of([&] { api.get_port_status(0); });
  CHECK(dropped.kind() == TrexErrorKind::transport);
  CHECK(dropped.timed_out());
  CHECK(dropped.method() == "get_port_status");
  CHECK(api.get_port_status(0).state == PortState::idle);

  // A slow answer arrives after the deadline; it must not be taken for the next reply.
  emulator.faults().delay_next_replies(1, Seconds{0.3});
  CHECK(error_of([&] { api.get_version(); }).timed_out());
  const SystemInfo info = api.get_system_info();
  CHECK(info.port_count == 2);
  CHECK(api.get_version().mode == "STL");
}

TEST_CASE("TRex's 'Try again later' is retried like the Python client does, then reported") {
  emu::EmulatorServer emulator(test_support::emulator_options());
  TrexApi api = test_support::make_api(emulator, 1.0);
  api.api_sync_v2();

  // Busy for two commands: the third attempt runs it.
  emulator.faults().busy_next_commands(2);
  const std::uint64_t before = api.exchanges();
  CHECK(api.get_port_status(0).state == PortState::idle);
  CHECK(api.exchanges() - before == 3);
  CHECK(api.busy_retries() == 2);

  // A batch of reads is sent again whole when one element was busy.
  const std::uint8_t ports[] = {0, 1};
  emulator.faults().busy_next_commands(1);
  CHECK(api.get_port_statuses(ports).size() == 2);
  CHECK(api.busy_retries() == 3);

  // Busy for longer than max(timeout, 3 s): a clear error naming the attempts.
  emulator.faults().busy_next_commands(1000);
  const TrexError error = error_of([&] { api.get_version(); });
  CHECK(error.kind() == TrexErrorKind::rpc);
  CHECK(error.rpc_code() == -32001);
  CHECK(std::string(error.what()).find("TRex stayed busy") != std::string::npos);
  CHECK_FALSE(TrexSession::is_recoverable(error));
  emulator.faults().busy_next_commands(0);
  CHECK(api.get_version().mode == "STL");
}

TEST_CASE("a busy read in the stop-and-read batch: the stop ran, the counters are read again") {
  // TRex answers queries "Try again later", never traffic commands, so the
  // batch's stop runs and its first read is busy. The batch cannot be sent
  // again (the stop ran); before, the error failed the trial and the job.
  emu::EmulatorServer emulator(test_support::emulator_options());
  TrexApi api = test_support::make_api(emulator, 1.0);
  api.api_sync_v2();
  const OwnedPort port = api.acquire({0, "me", 7, false});
  api.add_stream(port, 1, simple_streams()[0].streams[0]);
  StartTrafficRequest start;
  start.multiplier = {MultiplierType::pps, 2000.0};
  start.duration = Seconds{-1.0};
  api.start_traffic(port, start);
  REQUIRE(api.get_port_status(0).state == PortState::tx);

  const std::uint8_t ports[] = {0, 1};
  const OwnedPort stop[] = {port};
  emulator.faults().busy_next_commands(1);
  const std::uint64_t retries_before = api.busy_retries();
  const StatsSnapshot stats = api.stop_and_get_stats(stop, "_", ports, {});
  CHECK(api.busy_retries() == retries_before + 1);
  CHECK(stats.ports.size() == 2);
  CHECK(stats.global.total_tx_pkts == stats.port(0).opackets + stats.port(1).opackets);
  // The stop ran once, before the read: the port no longer sends.
  CHECK(api.get_port_status(0).state == PortState::streams);

  // A busy answer that is not a read's (here: busy for longer than the retry
  // allows, on the read that follows) is still reported.
  api.start_traffic(port, start);
  emulator.faults().busy_next_commands(1000);
  const TrexError error = error_of([&] { api.stop_and_get_stats(stop, "_", ports, {}); });
  CHECK(error.rpc_code() == -32001);
  CHECK(std::string(error.what()).find("TRex stayed busy") != std::string::npos);
  emulator.faults().busy_next_commands(0);
}

TEST_CASE("a stopped job does not wait out a busy TRex: the wait before the resend ends at once") {
  emu::EmulatorServer emulator(test_support::emulator_options());
  TrexApi api = test_support::make_api(emulator, 1.0);
  api.api_sync_v2();
  emulator.faults().busy_next_commands(1000);
  std::stop_source stop;
  stop.request_stop();
  RpcStopScope scope(stop.get_token());
  CHECK_THROWS_WITH_AS(
      api.get_port_status(0),
      doctest::Contains("gave up waiting for a busy TRex: the job was asked to stop"), TrexError);
  CHECK(api.busy_retries() == 0);
  emulator.faults().busy_next_commands(0);
}

TEST_CASE("a malformed reply is a protocol error and the session recovers from it") {
  emu::EmulatorServer emulator(test_support::emulator_options());
  auto session = test_support::make_session(emulator, {0, 1});
  session->connect();
  emulator.faults().corrupt_next_replies(1);
  const TrexError error = error_of([&] { session->api().get_port_status(1); });
  CHECK(error.kind() == TrexErrorKind::protocol);
  CHECK(std::string(error.what()).find("not valid JSON") != std::string::npos);
  REQUIRE(TrexSession::is_recoverable(error));
  session->recover(error);
  CHECK(session->api().get_port_status(1).owner == "tester");
}

TEST_CASE("the session releases its ports when it goes away") {
  emu::EmulatorServer emulator(test_support::emulator_options());
  {
    auto session = test_support::make_session(emulator, {0, 1});
    session->connect();
  }
  TrexApi api = test_support::make_api(emulator);
  api.api_sync_v2();
  CHECK(api.get_port_status(0).owner.empty());
  CHECK(api.get_port_status(1).owner.empty());
}

TEST_CASE("session configuration errors name the field") {
  emu::EmulatorServer emulator(test_support::emulator_options());
  CHECK_THROWS_WITH_AS(test_support::make_session(emulator, {}), doctest::Contains("trex.ports"),
                       trexsearch::measure::ConfigError);
  CHECK_THROWS_WITH_AS(test_support::make_session(emulator, {0, 0}),
                       doctest::Contains("port listed twice"), trexsearch::measure::ConfigError);
  TrexApi api = test_support::make_api(emulator);
  CHECK_THROWS_WITH_AS(api.acquire({0, "me", 0, false}), doctest::Contains("session_id"),
                       trexsearch::measure::ConfigError);
}
