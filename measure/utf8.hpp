#pragma once

#include <cstddef>
#include <string_view>

namespace trexsearch::measure {

/// One character of UTF-8 text: its code point and the bytes it takes.
struct Utf8Char {
  char32_t code_point = 0;
  /// 1 to 4; 0 when the bytes are not a well-formed character.
  std::size_t length = 0;
};

/// The character that starts at `text[at]` (`at` < text.size()), by RFC 3629: length 0
/// for a stray continuation byte, a lead byte no character starts with (0xC0, 0xC1,
/// above 0xF4), an overlong form, a surrogate, a code point above U+10FFFF, or a
/// sequence cut short. The one decoder of the daemon's text checks (names and notes,
/// terminal output, metrics labels), so they agree on what is text.
Utf8Char decode_utf8(std::string_view text, std::size_t at);

}  // namespace trexsearch::measure
