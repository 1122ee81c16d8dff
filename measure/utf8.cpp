#include "measure/utf8.hpp"

namespace trexsearch::measure {
namespace {

/// The length of the sequence a lead byte starts (0 for a byte that starts none)
/// and the code point's bits the lead byte carries.
std::size_t sequence_length(unsigned char lead, char32_t& lead_bits) {
  if (lead < 0x80) {
    lead_bits = lead;
    return 1;
  }
  if (lead >= 0xc2 && lead <= 0xdf) {
    lead_bits = lead & 0x1fU;
    return 2;
  }
  if (lead >= 0xe0 && lead <= 0xef) {
    lead_bits = lead & 0x0fU;
    return 3;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    lead_bits = lead & 0x07U;
    return 4;
  }
  return 0;
}

/// Whether a decoded sequence is a character: not overlong (0xC2 and up already rule
/// out the two-byte ones), not a surrogate, not above U+10FFFF.
bool is_character(char32_t code_point, std::size_t length) {
  const bool overlong =
      (length == 3 && code_point < 0x800) || (length == 4 && code_point < 0x10000);
  const bool surrogate = code_point >= 0xd800 && code_point <= 0xdfff;
  return !overlong && !surrogate && code_point <= 0x10ffff;
}

}  // namespace

Utf8Char decode_utf8(std::string_view text, std::size_t at) {
  Utf8Char decoded;
  const std::size_t length =
      sequence_length(static_cast<unsigned char>(text[at]), decoded.code_point);
  if (length == 0 || at + length > text.size()) return {};
  for (std::size_t i = 1; i < length; ++i) {
    const auto continuation = static_cast<unsigned char>(text[at + i]);
    if ((continuation & 0xc0U) != 0x80) return {};
    decoded.code_point = (decoded.code_point << 6) | (continuation & 0x3fU);
  }
  if (!is_character(decoded.code_point, length)) return {};
  decoded.length = length;
  return decoded;
}

}  // namespace trexsearch::measure
