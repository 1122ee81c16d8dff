#include "measure/utf8.hpp"

#include <doctest/doctest.h>

#include <string>

namespace trexsearch::measure {
namespace {

// The length decode_utf8 gives the whole of `text` (which holds one sequence).
std::size_t length_of(const std::string& text) { return decode_utf8(text, 0).length; }

}  // namespace

TEST_CASE("decode_utf8 reads each length at its first and last code point (RFC 3629)") {
  CHECK(decode_utf8("A", 0).code_point == U'A');
  CHECK(decode_utf8("\x7f", 0).length == 1);
  CHECK(decode_utf8("\xc2\x80", 0).code_point == 0x80);
  CHECK(decode_utf8("\xdf\xbf", 0).code_point == 0x7ff);
  CHECK(decode_utf8("\xe0\xa0\x80", 0).code_point == 0x800);
  CHECK(decode_utf8("\xef\xbf\xbf", 0).code_point == 0xffff);
  CHECK(decode_utf8("\xf0\x90\x80\x80", 0).code_point == 0x10000);
  const Utf8Char last = decode_utf8("\xf4\x8f\xbf\xbf", 0);
  CHECK(last.code_point == 0x10ffff);
  CHECK(last.length == 4);
  CHECK(decode_utf8("caf\xc3\xa9", 3).code_point == 0xe9);
  CHECK(decode_utf8("\xe2\x82\xac!", 0).length == 3);  // what follows is not read
}

TEST_CASE("decode_utf8 gives length 0 for every kind of ill-formed sequence") {
  for (const char* bad : {
           "\x80",              // a stray continuation byte
           "\xbf",              //
           "\xc0\xaf",          // lead bytes no character starts with (overlong '/')
           "\xc1\xbf",          //
           "\xe0\x9f\xbf",      // overlong three-byte (U+07FF)
           "\xf0\x8f\xbf\xbf",  // overlong four-byte (U+FFFF)
           "\xed\xa0\x80",      // surrogates
           "\xed\xbf\xbf",      //
           "\xf4\x90\x80\x80",  // above U+10FFFF
           "\xf5\x80\x80\x80",  //
           "\xff",              //
           "\xc3",              // cut short
           "\xe2\x82",          //
           "\xf0\x90\x80",      //
           "\xc3\x28",          // a lead byte without its continuation
           "\xe2\x28\xa1",      //
       }) {
    CAPTURE(std::string(bad));
    CHECK(length_of(bad) == 0);
  }
}

}  // namespace trexsearch::measure
