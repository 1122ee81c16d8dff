#include "daemon/codec/object_reader.hpp"

#include <doctest/doctest.h>

#include <string>

#include "daemon/codec/strict_json.hpp"
#include "measure/errors.hpp"

using trexsearch::codec::ObjectReader;
using trexsearch::codec::parse_strict_json;
using trexsearch::measure::ConfigError;

namespace {

Json::Value json(const std::string& text) { return parse_strict_json(text, "test"); }

}  // namespace

TEST_CASE("paths are built as in the error messages") {
  using trexsearch::codec::element_path;
  using trexsearch::codec::member_path;
  CHECK(member_path("", "goals") == "goals");
  CHECK(member_path(element_path("goals", 1), "exceed_ratio") == "goals[1].exceed_ratio");
}

TEST_CASE("typed getters read present fields and leave absent ones empty") {
  const Json::Value value =
      json(R"({"n": 2.5, "i": 1e6, "b": false, "s": "x", "nul": null, "a": []})");
  ObjectReader reader(value, "spec");
  CHECK(reader.number("n") == 2.5);
  CHECK(reader.int64("i") == 1000000);
  CHECK(reader.optional_bool("b") == false);
  CHECK(reader.optional_string("s") == "x");
  CHECK_FALSE(reader.optional_number("nul").has_value());
  CHECK_FALSE(reader.optional_number("absent").has_value());
  CHECK(reader.array("a").empty());
  CHECK_NOTHROW(reader.reject_unknown_keys());
}

TEST_CASE("wrong types name the path, the value and the expected type") {
  const Json::Value value = json(R"({"n": "3", "i": 2.5, "b": 1, "big": 1e19})");
  ObjectReader reader(value, "goals[1]");
  CHECK_THROWS_WITH_AS(reader.number("n"), R"(goals[1].n = "3": must be a number)", ConfigError);
  CHECK_THROWS_WITH_AS(reader.int64("i"), "goals[1].i = 2.5: must be a whole number", ConfigError);
  CHECK_THROWS_WITH_AS(reader.optional_bool("b"), "goals[1].b = 1: must be true or false",
                       ConfigError);
  CHECK_THROWS_WITH_AS(reader.int64("big"),
                       "goals[1].big = 1e+19: must be a whole number within +-9.2e18", ConfigError);
}

TEST_CASE("a missing required field is named") {
  const Json::Value value = json(R"({"x": null})");
  ObjectReader reader(value, "trials[0]");
  CHECK_THROWS_WITH_AS(reader.number("load"), "trials[0].load = (missing): required field",
                       ConfigError);
  CHECK_THROWS_WITH_AS(reader.number("x"), "trials[0].x = null: required field", ConfigError);
}

TEST_CASE("unknown keys are rejected with the known ones listed") {
  const Json::Value value = json(R"({"loss_ratio": 0, "exceed_ratoi": 0.5})");
  ObjectReader reader(value, "goals[0]");
  reader.optional_number("loss_ratio");
  reader.optional_number("exceed_ratio");
  try {
    reader.reject_unknown_keys();
    FAIL("accepted a typo");
  } catch (const ConfigError& error) {
    CHECK(error.field() == "goals[0].exceed_ratoi");
    CHECK(std::string(error.what()) ==
          "goals[0].exceed_ratoi = 0.5: unknown key (known keys here: loss_ratio, exceed_ratio)");
  }
}

TEST_CASE("a non-object is refused up front") {
  const Json::Value value = json(R"([1, 2])");
  CHECK_THROWS_WITH_AS(ObjectReader(value[0], "goals[0]"), "goals[0] = 1: must be an object",
                       ConfigError);
  CHECK_THROWS_WITH_AS(ObjectReader(value, ""), "(document) = [1,2]: must be an object",
                       ConfigError);
}
