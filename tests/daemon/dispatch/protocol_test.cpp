#include "daemon/protocol/envelope_codec.hpp"

#include <doctest/doctest.h>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/log/log.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/json_reply_codec.hpp"

namespace trexsearch::service {
namespace {

using namespace protocol;

ResultCode code_of(std::string_view line) {
  try {
    parse_request(line);
  } catch (const MalformedRequest& error) {
    return error.code();
  }
  return ResultCode::success;
}

std::string message_of(std::string_view line) {
  try {
    parse_request(line);
  } catch (const MalformedRequest& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a request line parses into id, command and arguments") {
  const Request request = parse_request(R"({"id": 7, "command": "show", "arguments": {"job": 3}})");
  CHECK(request.id == RequestId{std::int64_t{7}});
  CHECK(request.command == "show");
  CHECK(json_of(request.arguments)["job"].asInt() == 3);

  const Request bare = parse_request(R"({"command": "status"})");
  CHECK(std::holds_alternative<std::monostate>(bare.id));
  CHECK(json_of(bare.arguments).isObject());
  CHECK(json_of(bare.arguments).empty());
  CHECK(parse_request(R"({"id": "abc", "command": "x", "arguments": null})").id ==
        RequestId{std::string("abc")});
  CHECK(parse_request(R"({"id": 1.5, "command": "x"})").id == RequestId{1.5});
}

TEST_CASE("malformed request lines are refused with bad_request and a reason") {
  CHECK(code_of("nonsense") == ResultCode::bad_request);
  CHECK(message_of("nonsense").find("not valid JSON") != std::string::npos);
  CHECK(message_of("[1]").find("must be a JSON object") != std::string::npos);
  CHECK(message_of(R"({"id": 1})").find("command") != std::string::npos);
  CHECK(message_of(R"({"command": ""})").find("non-empty") != std::string::npos);
  CHECK(message_of(R"({"command": 3})").find("command = 3") != std::string::npos);
  CHECK(message_of(R"({"command": "a", "arguments": [1]})").find("arguments") != std::string::npos);
  CHECK(message_of(R"({"command": "a", "argument": {}})").find("\"argument\"") !=
        std::string::npos);
  CHECK(message_of(R"({"command": "a", "id": {"x": 1}})").find("id =") != std::string::npos);
  // Duplicate keys and trailing garbage are not JSON we accept.
  CHECK(code_of(R"({"command": "a", "command": "b"})") == ResultCode::bad_request);
  CHECK(code_of(R"({"command": "a"} x)") == ResultCode::bad_request);
}

TEST_CASE("the id of a request is kept in its error when the line had one") {
  try {
    parse_request(R"({"id": "req-9", "command": "a", "bogus": 1})");
    FAIL("expected MalformedRequest");
  } catch (const MalformedRequest& error) {
    CHECK(error.id() == RequestId{std::string("req-9")});
  }
}

TEST_CASE("replies and events are single JSON lines with the fixed keys") {
  Response response = error_response(std::int64_t{4}, ResultCode::not_found, "no job 4");
  const std::string line = encode_response(response);
  REQUIRE(line.back() == '\n');
  CHECK(line.find('\n') == line.size() - 1);
  const Json::Value json = codec::parse_strict_json(line.substr(0, line.size() - 1), "reply");
  CHECK(json["id"].asInt() == 4);
  CHECK(json["result"].asInt() == 3);
  CHECK(json["text"].asString() == "no job 4");
  // The envelope is versioned, and an error names its code as well as numbering it.
  CHECK(json["version"].asInt() == kProtocolVersion);
  CHECK(json["error"].asString() == "not_found");
  CHECK(json["arguments"].isObject());
  const Response back = parse_response(line.substr(0, line.size() - 1));
  CHECK(back.result == ResultCode::not_found);
  // Clients get std::runtime_error for anything that is not a reply, JSON or not,
  // and a reply without arguments has the empty object.
  CHECK_THROWS_AS(parse_response("not json"), std::runtime_error);
  CHECK_THROWS_AS(parse_response(R"({"id": 1})"), std::runtime_error);
  CHECK(parse_json_reply(R"({"id": 1, "result": 0})").arguments == Json::Value(Json::objectValue));
  CHECK_FALSE(codec::parse_strict_json(encode_response(Response{}), "reply").isMember("error"));

  Json::Value arguments(Json::objectValue);
  arguments["job"] = 2;
  const std::string event =
      encode_event(Event{std::string("w"), "trial", make_document(arguments)});
  const Json::Value event_json = codec::parse_strict_json(event, "event");
  CHECK(event_json["event"].asString() == "trial");
  CHECK(event_json["id"].asString() == "w");
  CHECK(event_json["version"].asInt() == kProtocolVersion);
  const auto back_event = parse_event(event.substr(0, event.size() - 1));
  REQUIRE(back_event.has_value());
  CHECK(back_event->arguments == make_document(arguments));
  CHECK_FALSE(parse_event(line.substr(0, line.size() - 1)).has_value());
}

TEST_CASE("a request of another protocol version is refused naming the version spoken") {
  CHECK(parse_request(R"({"version": 1, "command": "status"})").command == "status");
  CHECK(code_of(R"({"version": 2, "command": "status"})") == ResultCode::bad_request);
  CHECK(message_of(R"({"version": 2, "command": "status"})") ==
        "version = 2: this daemon speaks protocol version 1");
  CHECK(message_of(R"({"version": "1", "command": "status"})").find("version = \"1\"") !=
        std::string::npos);
}

TEST_CASE("a request written by encode_request parses back to the same request") {
  Json::Value arguments(Json::objectValue);
  arguments["job"] = 5;
  const Request request{std::string("id-1"), "show", make_document(arguments)};
  const std::string line = encode_request(request);
  const Request back = parse_request(line.substr(0, line.size() - 1));
  CHECK(back.id == request.id);
  CHECK(back.command == "show");
  CHECK(back.arguments == request.arguments);
}

TEST_CASE("result codes have stable numbers and names") {
  CHECK(static_cast<int>(ResultCode::success) == 0);
  CHECK(static_cast<int>(ResultCode::busy) == 7);
  CHECK(to_string(ResultCode::permission_denied) == "permission_denied");
  CHECK(result_code_from_int(6) == ResultCode::conflict);
  CHECK_FALSE(result_code_from_int(8).has_value());
  CHECK_FALSE(result_code_from_int(-1).has_value());
}

TEST_CASE("log events are one line with a priority prefix and quoted values") {
  const std::string line = format_log_line(
      LogPriority::warning, "job.failed",
      {{"job", std::int64_t{3}}, {"reason", "trial 2: \"x\" failed\nbadly"}, {"empty", ""}});
  CHECK(line == R"(<4>job.failed job=3 reason="trial 2: \"x\" failed\nbadly" empty="")");
  std::vector<std::string> lines;
  Logger log([&lines](std::string_view text) { lines.emplace_back(text); });
  log.set_threshold(LogPriority::info);
  log.event(LogPriority::debug, "hidden");
  log.event(LogPriority::notice, "shown", {{"n", 1}});
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == "<5>shown n=1\n");
  CHECK(log_priority_from_string("debug") == LogPriority::debug);
  CHECK_FALSE(log_priority_from_string("loud").has_value());
}

}  // namespace trexsearch::service

namespace trexsearch::service {

TEST_CASE(
    "the socket's line writer keeps one line, every value exact, and empty containers short") {
  Json::Value value(Json::objectValue);
  value["z"] = 1;
  value["a"]["nested"].append(Json::Value(Json::arrayValue));
  value["a"]["nested"].append(Json::Value(Json::objectValue));
  value["a"]["nested"].append(Json::nullValue);
  value["doubles"].append(0.005);
  value["doubles"].append(21.0);
  value["doubles"].append(1e-9);
  value["doubles"].append(14880952.380952381);
  value["doubles"].append(-0.0);
  value["doubles"].append(1e300);
  value["ints"].append(Json::Int64{-9007199254740993});
  value["ints"].append(Json::UInt64{18446744073709551615u});
  value["text"] = std::string("quote \" backslash \\ tab \t nl \n ctl \x01 utf8 \xc3\xa9");
  value["key with \"quote\""] = true;
  value["f"] = false;
  const std::string line = codec::to_compact_json(value);
  CHECK(line.find('\n') == std::string::npos);
  CHECK(codec::parse_strict_json(line, "line") == value);
  CHECK(codec::to_compact_json(value["doubles"]) ==
        "[0.005,21.0,1e-09,14880952.38095238,-0.0,1e+300]");
  CHECK(codec::to_compact_json(value["a"]["nested"]) == "[[],{},null]");
  CHECK(codec::to_compact_json(Json::Value(Json::objectValue)) == "{}");
  CHECK(codec::to_compact_json(Json::Value("x")) == "\"x\"");
}

}  // namespace trexsearch::service
