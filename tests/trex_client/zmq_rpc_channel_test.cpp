// The ZeroMQ REQ transport against a scripted server: framing both ways, deadlines,
// rebuilding the socket after a lost reply, size limits.
#include "trex_client/transport/zmq_rpc_channel.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <stop_token>
#include <string>

#include "tests/trex_client/scripted_server.hpp"
#include "trex_client/transport/frame.hpp"
#include "trex_client/transport/rpc_stop.hpp"
#include "trex_client/transport/trex_error.hpp"

using namespace trexsearch::trex;
using trexsearch::measure::Seconds;

namespace {

// Answers with the request's JSON, mirroring its framing like TRex (§1.3).
std::optional<std::string> echo(const std::string& request) {
  if (is_compressed_frame(request)) return compress_frame(decompress_frame(request));
  return request;
}

}  // namespace

TEST_CASE("requests are compressed by default and compressed replies are unpacked") {
  std::atomic<bool> saw_compressed{false};
  ScriptedServer server([&](const std::string& request) {
    saw_compressed = is_compressed_frame(request);
    return echo(request);
  });
  ZmqRpcChannel channel(server.endpoint());
  CHECK(channel.exchange(R"({"a":1})", "ping", Seconds{5.0}) == R"({"a":1})");
  CHECK(saw_compressed);
}

TEST_CASE("plain requests get plain replies") {
  std::atomic<bool> saw_compressed{true};
  ScriptedServer server([&](const std::string& request) {
    saw_compressed = is_compressed_frame(request);
    return echo(request);
  });
  ZmqRpcChannel channel(server.endpoint(), {.compress_requests = false});
  CHECK(channel.exchange(R"({"b":2})", "ping", Seconds{5.0}) == R"({"b":2})");
  CHECK_FALSE(saw_compressed);
}

TEST_CASE("a plain reply to a compressed request is accepted") {
  ScriptedServer server([](const std::string&) { return std::string("{\"plain\":true}\n"); });
  ZmqRpcChannel channel(server.endpoint());
  CHECK(channel.exchange("{}", "ping", Seconds{5.0}) == "{\"plain\":true}\n");
}

TEST_CASE("a lost reply times out with a transport error, then the socket is rebuilt") {
  std::atomic<int> calls{0};
  ScriptedServer server([&](const std::string& request) -> std::optional<std::string> {
    if (calls++ == 0) return std::nullopt;  // swallow the first request
    return echo(request);
  });
  ZmqRpcChannel channel(server.endpoint());
  try {
    channel.exchange("{\"first\":1}", "get_port_stats", Seconds{0.05});
    FAIL("no timeout");
  } catch (const TrexError& error) {
    CHECK(error.kind() == TrexErrorKind::transport);
    CHECK(error.timed_out());
    CHECK(error.method() == "get_port_stats");
    CHECK(error.endpoint() == server.endpoint());
  }
  // A REQ socket that lost its reply cannot send again; the channel must have replaced it.
  CHECK(channel.exchange("{\"second\":2}", "ping", Seconds{5.0}) == "{\"second\":2}");
  CHECK(channel.socket_rebuilds() == 1);
}

TEST_CASE("a late reply to an abandoned request is never taken for the next one") {
  // The server answers the first request only after the second arrives; the client
  // gave up on the first, so the late answer goes to a closed socket.
  std::atomic<int> calls{0};
  ScriptedServer server([&](const std::string& request) -> std::optional<std::string> {
    if (calls++ == 0) return std::nullopt;
    return echo(request);
  });
  ZmqRpcChannel channel(server.endpoint(), {.compress_requests = false});
  CHECK_THROWS_AS(channel.exchange("{\"old\":1}", "a", Seconds{0.03}), TrexError);
  CHECK(channel.exchange("{\"new\":2}", "b", Seconds{5.0}) == "{\"new\":2}");
}

TEST_CASE("no server at all: the call times out instead of hanging") {
  ZmqRpcChannel channel("tcp://127.0.0.1:1");
  CHECK_THROWS_WITH_AS(channel.exchange("{}", "ping", Seconds{0.05}),
                       doctest::Contains("no reply within"), TrexError);
}

TEST_CASE("oversized requests are refused before sending") {
  ScriptedServer server(echo);
  ZmqRpcChannel channel(server.endpoint(), {.compress_requests = false});
  const std::string big(max_rpc_message_bytes + 1, ' ');
  CHECK_THROWS_WITH_AS(channel.exchange(big, "add_stream", Seconds{1.0}),
                       doctest::Contains("999999"), TrexError);
  CHECK(server.requests() == 0);
  // Exactly at the limit is allowed.
  const std::string at_limit = "\"" + std::string(max_rpc_message_bytes - 2, 'x') + "\"";
  CHECK(channel.exchange(at_limit, "add_stream", Seconds{5.0}).size() == max_rpc_message_bytes);
}

TEST_CASE("a corrupt compressed reply is a protocol error and the channel stays usable") {
  std::atomic<int> calls{0};
  ScriptedServer server([&](const std::string& request) -> std::optional<std::string> {
    if (calls++ == 0) return std::string("\xab\xe8\x5c\xea\x00\x00\x00\x10garbage", 15);
    return echo(request);
  });
  ZmqRpcChannel channel(server.endpoint());
  try {
    channel.exchange("{}", "get_version", Seconds{5.0});
    FAIL("accepted a corrupt frame");
  } catch (const TrexError& error) {
    CHECK(error.kind() == TrexErrorKind::protocol);
    CHECK(std::string(error.what()).find("bad compressed reply") != std::string::npos);
  }
  CHECK(channel.exchange("{}", "get_version", Seconds{5.0}) == "{}");
}

TEST_CASE("a malformed endpoint is a transport error at construction") {
  CHECK_THROWS_AS(ZmqRpcChannel("not-an-endpoint"), TrexError);
}

TEST_CASE("a plain reply over max_reply_bytes is refused without reading it, naming the limit") {
  // A hostile or broken TRex answering 4 MiB to a 1 MiB limit; then a normal reply.
  constexpr std::size_t kLimit = std::size_t{1} << 20;
  std::atomic<int> calls{0};
  ScriptedServer server([&](const std::string& request) -> std::optional<std::string> {
    if (calls++ == 0) return "\"" + std::string(4 * kLimit, 'x') + "\"";
    return echo(request);
  });
  ZmqRpcChannel channel(server.endpoint(), {.compress_requests = false, .max_reply_bytes = kLimit});
  try {
    // A long deadline: the error must come from the dropped connection, not the clock.
    channel.exchange("{}", "get_port_stats", Seconds{600.0});
    FAIL("accepted an oversized reply");
  } catch (const TrexError& error) {
    CHECK(error.kind() == TrexErrorKind::transport);
    CHECK_FALSE(error.timed_out());
    CHECK(error.method() == "get_port_stats");
    CHECK(std::string(error.what()).find("1048576 bytes (max_reply_bytes)") != std::string::npos);
  }
  // The channel connects again and works.
  CHECK(channel.exchange("{\"next\":1}", "ping", Seconds{5.0}) == "{\"next\":1}");
}

TEST_CASE("a reply exactly at max_reply_bytes is accepted") {
  constexpr std::size_t kLimit = std::size_t{1} << 20;
  ScriptedServer server([&](const std::string&) -> std::optional<std::string> {
    return "\"" + std::string(kLimit - 2, 'x') + "\"";
  });
  ZmqRpcChannel channel(server.endpoint(), {.compress_requests = false, .max_reply_bytes = kLimit});
  CHECK(channel.exchange("{}", "ping", Seconds{5.0}).size() == kLimit);
}

TEST_CASE("a compressed reply that unpacks beyond max_reply_bytes is a protocol error") {
  // 8 MiB of spaces compress to a few KB: small on the wire, too big unpacked.
  constexpr std::size_t kLimit = std::size_t{1} << 20;
  ScriptedServer server([&](const std::string&) -> std::optional<std::string> {
    return compress_frame(std::string(8 * kLimit, ' '));
  });
  ZmqRpcChannel channel(server.endpoint(), {.max_reply_bytes = kLimit});
  try {
    channel.exchange("{}", "get_stream_list", Seconds{5.0});
    FAIL("accepted an oversized compressed reply");
  } catch (const TrexError& error) {
    CHECK(error.kind() == TrexErrorKind::protocol);
    CHECK(std::string(error.what()).find("more than the limit of 1048576") != std::string::npos);
  }
}

TEST_CASE("a stop on the calling thread ends an RPC wait at once, whatever its timeout") {
  // TRex hangs: never answers. The stop comes while the exchange waits.
  std::stop_source stop;
  ScriptedServer server([&](const std::string&) -> std::optional<std::string> {
    stop.request_stop();
    return std::nullopt;
  });
  ZmqRpcChannel channel(server.endpoint());
  const RpcStopScope scope(stop.get_token());
  const auto start = std::chrono::steady_clock::now();
  try {
    channel.exchange("{}", "get_port_status", Seconds{600.0});
    FAIL("no error");
  } catch (const TrexError& error) {
    CHECK(error.kind() == TrexErrorKind::transport);
    CHECK(error.timed_out());
    CHECK(std::string(error.what()).find("the job was asked to stop") != std::string::npos);
  }
  // Far below the 600 s timeout (kRpcWaitAfterStop is 0.5 s; generous for a busy box).
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(30));
}

TEST_CASE("after a stop, RPCs still reach a live TRex until the stop's grace has passed") {
  // The clean-up after a cancel (stop traffic, release ports) must still work.
  ScriptedServer server(echo);
  ZmqRpcChannel channel(server.endpoint());
  std::stop_source stop;
  stop.request_stop();
  const RpcStopScope scope(stop.get_token());
  CHECK(channel.exchange("{\"cleanup\":1}", "release", Seconds{5.0}) == "{\"cleanup\":1}");
}

TEST_CASE("without a stop scope, or before its stop, the RPC timeout applies as before") {
  ScriptedServer server([](const std::string&) -> std::optional<std::string> { return {}; });
  ZmqRpcChannel channel(server.endpoint());
  std::stop_source stop;
  const RpcStopScope scope(stop.get_token());
  CHECK_THROWS_WITH_AS(channel.exchange("{}", "ping", Seconds{0.05}),
                       doctest::Contains("no reply within 0.05 s"), TrexError);
}
