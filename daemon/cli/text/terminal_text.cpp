#include "daemon/cli/text/terminal_text.hpp"

#include <cstdio>

namespace trexsearch::cli {
namespace {

std::string escaped(unsigned char byte) {
  char text[8];
  std::snprintf(text, sizeof text, "\\x%02x", byte);
  return text;
}

/// Length of the well-formed UTF-8 sequence at `at` (1..4), or 0 when the bytes
/// there are not one (stray continuation, overlong, surrogate, truncated).
std::size_t utf8_length(std::string_view text, std::size_t at, char32_t& code_point) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
  const unsigned char lead = byte(0);
  std::size_t length = 0;
  if (lead < 0x80) {
    code_point = lead;
    return 1;
  }
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
    code_point = lead & 0x1f;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    code_point = lead & 0x0f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    code_point = lead & 0x07;
  } else {
    return 0;
  }
  if (at + length > text.size()) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xc0) != 0x80) return 0;
    code_point = (code_point << 6) | (byte(i) & 0x3f);
  }
  const bool overlong =
      (length == 3 && code_point < 0x800) || (length == 4 && code_point < 0x10000);
  const bool surrogate = code_point >= 0xd800 && code_point <= 0xdfff;
  if (overlong || surrogate || code_point > 0x10ffff) return 0;
  return length;
}

std::string sanitise(std::string_view text, bool keep_newlines) {
  std::string safe;
  safe.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    char32_t code_point = 0;
    const std::size_t length = utf8_length(text, at, code_point);
    if (length == 0) {
      safe += escaped(static_cast<unsigned char>(text[at]));
      ++at;
      continue;
    }
    // C0 controls, DEL and C1 controls (U+0080..U+009F: 8-bit CSI and friends).
    const bool control =
        code_point < 0x20 || code_point == 0x7f || (code_point >= 0x80 && code_point <= 0x9f);
    if (control && !(keep_newlines && code_point == '\n')) {
      if (code_point < 0x80) {
        safe += escaped(static_cast<unsigned char>(code_point));
      } else {
        char text_cp[12];
        std::snprintf(text_cp, sizeof text_cp, "\\u%04x", static_cast<unsigned>(code_point));
        safe += text_cp;
      }
    } else {
      safe.append(text.substr(at, length));
    }
    at += length;
  }
  return safe;
}

}  // namespace

std::string terminal_safe(std::string_view text) { return sanitise(text, false); }

std::string terminal_safe_lines(std::string_view text) { return sanitise(text, true); }

}  // namespace trexsearch::cli
