#include "trex_client/codec/astf/md5_hex.hpp"

// libmd (BSD's digest functions): a maintained MD5 without pulling in a crypto library.
#include <md5.h>

#include <array>
#include <cstdint>

namespace trexsearch::trex {

std::string md5_hex(std::string_view text) {
  MD5_CTX context;
  MD5Init(&context);
  MD5Update(&context, reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
  std::array<std::uint8_t, MD5_DIGEST_LENGTH> digest{};
  MD5Final(digest.data(), &context);
  static constexpr std::string_view kHex = "0123456789abcdef";
  std::string hex;
  hex.reserve(2 * digest.size());
  for (const std::uint8_t byte : digest) {
    hex.push_back(kHex[byte >> 4]);
    hex.push_back(kHex[byte & 0x0F]);
  }
  return hex;
}

}  // namespace trexsearch::trex
