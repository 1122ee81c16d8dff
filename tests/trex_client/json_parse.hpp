#pragma once

#include <doctest/doctest.h>
#include <json/reader.h>

#include <memory>
#include <string>

namespace trexsearch::test_support {

/// Parses test JSON; a parse error fails the test (REQUIRE).
inline Json::Value parse_json_text(const std::string& text) {
  Json::CharReaderBuilder builder;
  std::unique_ptr<Json::CharReader> reader(builder.newCharReader());
  Json::Value value;
  std::string errors;
  REQUIRE_MESSAGE(reader->parse(text.data(), text.data() + text.size(), &value, &errors), errors);
  return value;
}

}  // namespace trexsearch::test_support
