#include <doctest/doctest.h>

#include <csignal>

#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;

protocol::JsonReply reply_to(ControlClient& client, const std::string& raw) {
  REQUIRE(client.send_raw(raw));
  const auto line = client.read_line();
  REQUIRE(line.has_value());
  return protocol::parse_json_reply(*line);
}

}  // namespace

TEST_CASE("malformed requests get error replies naming the problem; others are unaffected") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  ControlClient bad(dir.file("control.sock"));
  ControlClient good(dir.file("control.sock"));

  auto reply = reply_to(bad, "this is not json\n");
  CHECK(reply.result == ResultCode::bad_request);
  CHECK(reply.text.find("not valid JSON") != std::string::npos);
  CHECK(reply.id.isNull());

  reply = reply_to(bad, "[1, 2]\n");
  CHECK(reply.result == ResultCode::bad_request);

  reply = reply_to(bad, R"({"id": 5, "command": "status", "extra": 1})"
                        "\n");
  CHECK(reply.result == ResultCode::bad_request);
  CHECK(reply.id.asInt() == 5);
  CHECK(reply.text.find("extra") != std::string::npos);

  reply = reply_to(bad, R"({"id": "x", "command": "fly"})"
                        "\n");
  CHECK(reply.result == ResultCode::unsupported);
  CHECK(reply.id.asString() == "x");

  reply = reply_to(bad, R"({"id": 6, "command": "show", "arguments": {"job": -3}})"
                        "\n");
  CHECK(reply.result == ResultCode::bad_request);
  CHECK(reply.text.find("job") != std::string::npos);

  // A spec error names its JSON path and value.
  reply = reply_to(bad, R"({"id": 7, "command": "submit", "arguments": {"spec": {"goals": )"
                        R"([{"loss_ratio": 2}]}, "measurer": {"kind": "sim", "model": "sharp"}}})"
                        "\n");
  CHECK(reply.result == ResultCode::bad_request);
  CHECK(reply.text.find("spec.goals[0].loss_ratio") != std::string::npos);

  reply =
      reply_to(bad, R"({"id": 8, "command": "submit", "arguments": {"method": "plr", )"
                    R"("spec": {"goals": [{}]}, "measurer": {"kind": "sim", "model": "sharp"}}})"
                    "\n");
  // PLR.json has no goals: the PLR spec's error names the path.
  CHECK(reply.result == ResultCode::bad_request);
  CHECK(reply.text.find("spec.goals") != std::string::npos);

  reply = reply_to(bad, R"({"id": 9, "command": "submit", "arguments": {"spec": {"goals": [{}]}, )"
                        R"("measurer": {"kind": "trex"}}})"
                        "\n");
  CHECK(reply.result == ResultCode::bad_request);
  CHECK(reply.text.find("measurer.profile") != std::string::npos);

  // Blank lines are ignored; the connection still answers.
  reply = reply_to(bad, "\n\r\n{\"command\": \"version\"}\n");
  CHECK(reply.result == ResultCode::success);

  CHECK(good.request("status").result == ResultCode::success);
}

TEST_CASE("an oversized request gets an error reply and its connection is closed") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir, {"--max-request-bytes", "4096"}));
  REQUIRE(daemon.wait_ready());
  ControlClient other(dir.file("control.sock"));
  ControlClient big(dir.file("control.sock"));
  // The daemon stops reading after 4097 bytes; the rest may not be sent at all.
  (void)big.send_raw(std::string(100000, 'x') + "\n");
  const auto line = big.read_line();
  REQUIRE(line.has_value());
  const auto reply = protocol::parse_json_reply(*line);
  CHECK(reply.result == ResultCode::bad_request);
  CHECK(reply.text.find("4096") != std::string::npos);
  CHECK(big.wait_closed());
  // Exactly at the limit is still fine.
  std::string padded = R"({"command": "version", "id": ")";
  padded += std::string(4096 - padded.size() - 2, 'p') + "\"}";
  REQUIRE(padded.size() == 4096);
  ControlClient edge(dir.file("control.sock"));
  REQUIRE(edge.send_raw(padded + "\n"));
  const auto edge_line = edge.read_line();
  REQUIRE(edge_line.has_value());
  CHECK(protocol::parse_json_reply(*edge_line).result == ResultCode::success);
  CHECK(other.request("version").result == ResultCode::success);
}

TEST_CASE("clients beyond max-clients are told busy; idle clients are closed") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir, {"--max-clients", "2", "--idle-timeout", "1"}));
  REQUIRE(daemon.wait_ready());
  ControlClient first(dir.file("control.sock"));
  ControlClient second(dir.file("control.sock"));
  CHECK(first.request("version").result == ResultCode::success);
  CHECK(second.request("version").result == ResultCode::success);
  ControlClient third(dir.file("control.sock"));
  const auto line = third.read_line();
  REQUIRE(line.has_value());
  CHECK(protocol::parse_json_reply(*line).result == ResultCode::busy);
  CHECK(third.wait_closed());
  // Both others go idle and are closed by the daemon.
  CHECK(first.wait_closed());
  CHECK(second.wait_closed());
  ControlClient fourth(dir.file("control.sock"));
  CHECK(fourth.request("status").result == ResultCode::success);
}

}  // namespace trexsearch::servicetest
