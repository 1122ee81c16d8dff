#include "measure/base64.hpp"

#include <array>
#include <stdexcept>

namespace trexsearch::measure {
namespace {

constexpr std::string_view kAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr int kInvalid = -1;

constexpr std::array<int, 256> make_reverse_table() {
  std::array<int, 256> table{};
  for (int& entry : table) entry = kInvalid;
  for (std::size_t i = 0; i < kAlphabet.size(); ++i) {
    table[static_cast<unsigned char>(kAlphabet[i])] = static_cast<int>(i);
  }
  return table;
}

constexpr std::array<int, 256> kReverse = make_reverse_table();

[[noreturn]] void fail(const std::string& what, std::size_t position) {
  throw std::invalid_argument("base64: " + what + " at character " + std::to_string(position));
}

/// The '=' characters a text of whole groups ends with (0, 1 or 2).
std::size_t padding_of(std::string_view text) {
  if (text.empty() || text.back() != '=') return 0;
  return text.size() >= 2 && text[text.size() - 2] == '=' ? 2 : 1;
}

/// One group of four characters, decoded: its sextets in the top 24 bits, and how many
/// characters before the padding carried them.
struct Group {
  std::uint32_t bits = 0;
  int sextets = 0;
};

Group decode_group(std::string_view text, std::size_t begin, std::size_t data_end) {
  Group group;
  for (std::size_t j = begin; j < begin + 4 && j < data_end; ++j) {
    // Characters from data_end on are the padding, checked to be at the very end.
    const int value = kReverse[static_cast<unsigned char>(text[j])];
    if (value == kInvalid) {
      fail(text[j] == '=' ? std::string("'=' before the end")
                          : "invalid character (code " +
                                std::to_string(static_cast<unsigned char>(text[j])) + ")",
           j);
    }
    group.bits |= static_cast<std::uint32_t>(value) << (18 - 6 * group.sextets);
    ++group.sextets;
  }
  // A canonical encoder leaves the bits below the last byte zero; anything else
  // is corruption, not a different encoding.
  if ((group.sextets == 2 && (group.bits & 0xFFFF) != 0) ||
      (group.sextets == 3 && (group.bits & 0xFF) != 0)) {
    fail("non-zero padding bits", begin + static_cast<std::size_t>(group.sextets) - 1);
  }
  return group;
}

}  // namespace

std::string base64_encode(const std::vector<std::uint8_t>& bytes) {
  std::string text;
  text.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const std::uint32_t group =
        (std::uint32_t{bytes[i]} << 16) | (std::uint32_t{bytes[i + 1]} << 8) | bytes[i + 2];
    text += kAlphabet[(group >> 18) & 63];
    text += kAlphabet[(group >> 12) & 63];
    text += kAlphabet[(group >> 6) & 63];
    text += kAlphabet[group & 63];
  }
  const std::size_t rest = bytes.size() - i;
  if (rest == 1) {
    const std::uint32_t group = std::uint32_t{bytes[i]} << 16;
    text += kAlphabet[(group >> 18) & 63];
    text += kAlphabet[(group >> 12) & 63];
    text += "==";
  } else if (rest == 2) {
    const std::uint32_t group =
        (std::uint32_t{bytes[i]} << 16) | (std::uint32_t{bytes[i + 1]} << 8);
    text += kAlphabet[(group >> 18) & 63];
    text += kAlphabet[(group >> 12) & 63];
    text += kAlphabet[(group >> 6) & 63];
    text += '=';
  }
  return text;
}

std::vector<std::uint8_t> base64_decode(std::string_view text) {
  if (text.size() % 4 != 0) {
    throw std::invalid_argument("base64: length " + std::to_string(text.size()) +
                                " is not a multiple of 4 (truncated?)");
  }
  std::vector<std::uint8_t> bytes;
  bytes.reserve(text.size() / 4 * 3);
  const std::size_t data_end = text.size() - padding_of(text);
  for (std::size_t i = 0; i < text.size(); i += 4) {
    const Group group = decode_group(text, i, data_end);
    bytes.push_back(static_cast<std::uint8_t>(group.bits >> 16));
    if (group.sextets >= 3) bytes.push_back(static_cast<std::uint8_t>(group.bits >> 8));
    if (group.sextets == 4) bytes.push_back(static_cast<std::uint8_t>(group.bits));
  }
  return bytes;
}

}  // namespace trexsearch::measure
