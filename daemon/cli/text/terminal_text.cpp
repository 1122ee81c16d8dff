#include "daemon/cli/text/terminal_text.hpp"

#include <cstdio>

#include "measure/utf8.hpp"

namespace trexsearch::cli {
namespace {

std::string escaped(unsigned char byte) {
  char text[8];
  std::snprintf(text, sizeof text, "\\x%02x", byte);
  return text;
}

std::string sanitise(std::string_view text, bool keep_newlines) {
  std::string safe;
  safe.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const measure::Utf8Char decoded = measure::decode_utf8(text, at);
    const char32_t code_point = decoded.code_point;
    const std::size_t length = decoded.length;
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
