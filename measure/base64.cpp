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

}  // namespace

std::string base64_encode(const std::vector<std::uint8_t>& bytes) {
  std::string text;
  text.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const std::uint32_t group = (std::uint32_t{bytes[i]} << 16) |
                                (std::uint32_t{bytes[i + 1]} << 8) | bytes[i + 2];
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
    const std::uint32_t group = (std::uint32_t{bytes[i]} << 16) | (std::uint32_t{bytes[i + 1]} << 8);
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
  std::size_t padding = 0;
  if (!text.empty() && text.back() == '=') padding = text.size() >= 2 && text[text.size() - 2] == '=' ? 2 : 1;
  std::vector<std::uint8_t> bytes;
  bytes.reserve(text.size() / 4 * 3);
  const std::size_t data_end = text.size() - padding;
  for (std::size_t i = 0; i < text.size(); i += 4) {
    std::uint32_t group = 0;
    int sextets = 0;
    for (std::size_t j = i; j < i + 4; ++j) {
      if (j >= data_end) break;  // the padding, checked above to be at the very end
      const int value = kReverse[static_cast<unsigned char>(text[j])];
      if (value == kInvalid) {
        fail(text[j] == '=' ? std::string("'=' before the end")
                            : "invalid character (code " +
                                  std::to_string(static_cast<unsigned char>(text[j])) + ")",
             j);
      }
      group |= static_cast<std::uint32_t>(value) << (18 - 6 * sextets);
      ++sextets;
    }
    bytes.push_back(static_cast<std::uint8_t>(group >> 16));
    if (sextets >= 3) bytes.push_back(static_cast<std::uint8_t>(group >> 8));
    if (sextets == 4) bytes.push_back(static_cast<std::uint8_t>(group));
    // A canonical encoder leaves the bits below the last byte zero; anything else
    // is corruption, not a different encoding.
    if ((sextets == 2 && (group & 0xFFFF) != 0) || (sextets == 3 && (group & 0xFF) != 0)) {
      fail("non-zero padding bits", i + static_cast<std::size_t>(sextets) - 1);
    }
  }
  return bytes;
}

}  // namespace trexsearch::measure
