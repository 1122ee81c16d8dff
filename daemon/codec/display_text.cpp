#include "daemon/codec/display_text.hpp"

#include <cstdint>
#include <cstdio>

#include "measure/utf8.hpp"

namespace trexsearch::codec {
namespace {

bool is_control(char32_t code_point) {
  return code_point < 0x20 || (code_point >= 0x7F && code_point <= 0x9F);
}

std::string hex(const char* pattern, unsigned value) {
  char text[16];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

}  // namespace

std::optional<std::string> name_text_problem(std::string_view text) {
  for (std::size_t at = 0; at < text.size();) {
    const measure::Utf8Char decoded = measure::decode_utf8(text, at);
    if (decoded.length == 0) {
      return "is not valid UTF-8 (byte " + hex("0x%02X", static_cast<unsigned char>(text[at])) +
             " at byte " + std::to_string(at) + ")";
    }
    if (is_control(decoded.code_point)) {
      return "contains the control character " +
             hex("U+%04X", static_cast<unsigned>(decoded.code_point)) + " at byte " +
             std::to_string(at);
    }
    at += decoded.length;
  }
  return std::nullopt;
}

std::string escape_control_characters(std::string_view text, bool keep_line_breaks) {
  std::string escaped;
  escaped.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const measure::Utf8Char decoded = measure::decode_utf8(text, at);
    if (decoded.length == 0) {
      escaped += hex("\\x%02x", static_cast<unsigned char>(text[at]));
      ++at;
      continue;
    }
    const char32_t code_point = decoded.code_point;
    const bool crlf = code_point == '\r' && at + 1 < text.size() && text[at + 1] == '\n';
    if (keep_line_breaks && (code_point == '\n' || code_point == '\t' || crlf)) {
      escaped += static_cast<char>(code_point);
    } else if (code_point < 0x80 && is_control(code_point)) {
      escaped += hex("\\x%02x", static_cast<unsigned>(code_point));
    } else if (is_control(code_point)) {
      escaped += hex("\\u%04x", static_cast<unsigned>(code_point));
    } else {
      escaped.append(text.substr(at, decoded.length));
    }
    at += decoded.length;
  }
  return escaped;
}

}  // namespace trexsearch::codec
