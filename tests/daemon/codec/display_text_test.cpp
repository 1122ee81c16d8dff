#include "daemon/codec/display_text.hpp"

#include <doctest/doctest.h>

namespace trexsearch::codec {

TEST_CASE("names that are printable UTF-8 pass; control characters and bad UTF-8 are named") {
  CHECK_FALSE(name_text_problem(""));
  CHECK_FALSE(name_text_problem("NDR 64B, run #3"));
  CHECK_FALSE(
      name_text_problem("m\xC3\xBC"
                        "ller \xE2\x82\xAC \xF0\x9F\x98\x80"));  // ü € emoji

  struct Bad {
    std::string text;
    std::string problem;
  };
  const Bad bad[] = {
      {"red\x1b[31m", "control character U+001B at byte 3"},
      {"tab\there", "control character U+0009 at byte 3"},
      {"line\n", "control character U+000A at byte 4"},
      {std::string("nul\0", 4), "control character U+0000 at byte 3"},
      {"del\x7f", "control character U+007F at byte 3"},
      {"csi\xC2\x9B"
       "2J",
       "control character U+009B at byte 3"},  // C1 CSI
      {"bad\xFF", "not valid UTF-8 (byte 0xFF at byte 3)"},
      {"cut\xE2\x82", "not valid UTF-8 (byte 0xE2 at byte 3)"},
      {"overlong\xC0\xAF", "not valid UTF-8 (byte 0xC0 at byte 8)"},
      {"surrogate\xED\xA0\x80", "not valid UTF-8 (byte 0xED at byte 9)"},
  };
  // Not a structured binding: clang 14 refuses to capture one in CAPTURE's lambda.
  for (const Bad& entry : bad) {
    CAPTURE(entry.text);
    const auto found = name_text_problem(entry.text);
    REQUIRE(found);
    CHECK(found->find(entry.problem) != std::string::npos);
  }
}

TEST_CASE("escaping makes control characters and bad bytes visible and keeps the rest") {
  CHECK(escape_control_characters("plain \xE2\x82\xAC") == "plain \xE2\x82\xAC");
  CHECK(escape_control_characters("a\x1b[2Jb") == "a\\x1b[2Jb");
  CHECK(escape_control_characters("\r\n\t") == "\\x0d\\x0a\\x09");
  CHECK(escape_control_characters("\xC2\x9B\xFF") == "\\u009b\\xff");
  CHECK(escape_control_characters("x\ty\r\nz\n", true) == "x\ty\r\nz\n");
  CHECK(escape_control_characters("over\rwrite\n", true) == "over\\x0dwrite\n");
}

}  // namespace trexsearch::codec
