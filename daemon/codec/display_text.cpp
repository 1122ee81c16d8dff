#include "daemon/codec/display_text.hpp"

#include <cstdint>
#include <cstdio>

namespace trexsearch::codec {
namespace {

/// One step of UTF-8 decoding at `at`: the code point and its length, or length 0
/// when the bytes there are not UTF-8 (RFC 3629: no overlong forms, no surrogates,
/// nothing above U+10FFFF).
struct Decoded {
  char32_t code_point = 0;
  std::size_t length = 0;
};

Decoded decode_utf8(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return {lead, 1};
  std::size_t length = 0;
  char32_t value = 0;
  char32_t minimum = 0;
  if ((lead & 0xE0) == 0xC0) {
    length = 2, value = lead & 0x1F, minimum = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, value = lead & 0x0F, minimum = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, value = lead & 0x07, minimum = 0x10000;
  } else {
    return {};
  }
  if (at + length > text.size()) return {};
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return {};
    value = (value << 6) | (byte(i) & 0x3F);
  }
  if (value < minimum || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return {};
  return {value, length};
}

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
    const Decoded decoded = decode_utf8(text, at);
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
    const Decoded decoded = decode_utf8(text, at);
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
