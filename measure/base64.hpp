#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace trexsearch::measure {

/// RFC 4648 base64, standard alphabet, with padding (what HdrHistogram's log
/// encoding uses for `lat.hdrh`, trex-flowstats-latency.md §2.2).
std::string base64_encode(const std::vector<std::uint8_t>& bytes);

/// Strict decoding of untrusted text: length a multiple of 4, only the standard
/// alphabet, '=' only as the last one or two characters, zero padding bits, no
/// whitespace. Throws std::invalid_argument naming the offending position.
std::vector<std::uint8_t> base64_decode(std::string_view text);

}  // namespace trexsearch::measure
