#include "daemon/codec/strict_json.hpp"

#include <doctest/doctest.h>

#include <string>

#include "daemon/codec/json_writer.hpp"

using trexsearch::codec::JsonSyntaxError;
using trexsearch::codec::parse_strict_json;

namespace {

/// The error a bad document raises (fails the test when it parses).
JsonSyntaxError syntax_error(const std::string& text) {
  try {
    parse_strict_json(text, "in.json");
  } catch (const JsonSyntaxError& error) {
    return error;
  }
  FAIL("parsed: " << text);
  return JsonSyntaxError("", 0, 0, "");
}

}  // namespace

TEST_CASE("strict JSON parses an object and keeps numbers exact") {
  const Json::Value value = parse_strict_json(R"({"a": 1e6, "b": [0.1, -2]})", "in.json");
  CHECK(value["a"].asDouble() == 1e6);
  CHECK(value["b"][0].asDouble() == 0.1);
  CHECK(value["b"][1].asInt() == -2);
}

TEST_CASE("a syntax error names the source, line and column") {
  const auto error = syntax_error("{\n  \"a\": 1,\n  \"b\" 2\n}");
  CHECK(error.source() == "in.json");
  CHECK(error.line() == 3);
  CHECK(error.column() == 7);
  CHECK(std::string(error.what()) == "in.json:3:7: Missing ':' after object member name");
}

TEST_CASE("duplicate keys are rejected, naming the key") {
  const auto error = syntax_error(R"({"loss_ratio": 0, "loss_ratio": 0.5})");
  CHECK(std::string(error.what()).find("Duplicate key: 'loss_ratio'") != std::string::npos);
  CHECK(error.line() == 1);
}

TEST_CASE("trailing garbage, comments, trailing commas, NaN and bare scalars are rejected") {
  for (const std::string text : {R"({"a": 1} x)", "{\"a\": 1} // note", R"({"a": 1,})",
                                 R"({"a": NaN})", "42", R"({'a': 1})", R"([1e400])"}) {
    CAPTURE(text);
    CHECK_THROWS_AS(parse_strict_json(text, "in.json"), JsonSyntaxError);
  }
}

TEST_CASE("empty input says so") {
  const auto error = syntax_error("  \n ");
  CHECK(std::string(error.what()) == "in.json: empty input, expected a JSON object");
}

TEST_CASE("absurd nesting is an error, not a stack overflow") {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  CHECK_THROWS_AS(parse_strict_json(deep, "in.json"), JsonSyntaxError);
}

TEST_CASE("doubles are written in their shortest exact form and read back bit-exact") {
  Json::Value value(Json::objectValue);
  value["x"] = 0.1;
  value["y"] = 999432.83356819651;
  value["n"] = Json::Int64{14880952};
  const std::string compact = trexsearch::codec::to_compact_json(value);
  CHECK(compact == R"({"n":14880952,"x":0.1,"y":999432.8335681965})");
  const Json::Value back = parse_strict_json(trexsearch::codec::to_pretty_json(value), "out");
  CHECK(back["x"].asDouble() == 0.1);
  CHECK(back["y"].asDouble() == 999432.83356819651);
  CHECK(back["n"].asInt64() == 14880952);
}

TEST_CASE("pretty JSON puts nested values after their key") {
  Json::Value value(Json::objectValue);
  value["list"].append(1);
  value["empty"] = Json::Value(Json::arrayValue);
  value["text"] = "a\"b";
  CHECK(trexsearch::codec::to_pretty_json(value) ==
        "{\n  \"empty\": [],\n  \"list\": [\n    1\n  ],\n  \"text\": \"a\\\"b\"\n}");
}

TEST_CASE("quoted values are cut to the requested length") {
  const Json::Value long_text(std::string(500, 'x'));
  const std::string quoted = trexsearch::codec::quote_json(long_text, 20);
  CHECK(quoted.size() == 20);
  CHECK(quoted.substr(17) == "...");
}
