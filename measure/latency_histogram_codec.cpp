// HdrHistogram "V2 compressed" log encoding of LatencyHistogram, the format of
// TRex's `lat.hdrh` (trex-flowstats-latency.md §2.2; HdrHistogram_c 0.9.11
// hdr_histogram_log.c, which TRex bundles). Decoding treats its input as hostile:
// every length is bounded before anything is allocated or read.
#include <zlib.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "measure/base64.hpp"
#include "measure/latency_histogram.hpp"

namespace trexsearch::measure {
namespace {

constexpr std::uint32_t kCompressionCookie = 0x1c849314;  // V2 compression 0x1c849304 | 0x10
constexpr std::uint32_t kEncodingCookie = 0x1c849313;     // V2 encoding 0x1c849303 | 0x10
constexpr std::size_t kCompressionHeaderBytes = 8;        // cookie, zlib length
constexpr std::size_t kEncodingHeaderBytes = 40;          // cookie .. conversion ratio
// A ZigZag LEB128 varint is at most 9 bytes; one per count bounds any valid payload.
constexpr std::size_t kMaxPayloadBytes = 9 * LatencyHistogram::counts_length;
constexpr std::size_t kMaxInflatedBytes = kEncodingHeaderBytes + kMaxPayloadBytes;
// zlib cannot expand data more than ~1032:1, but a histogram compresses far less;
// anything bigger than the inflated bound is not a histogram of ours.
constexpr std::size_t kMaxBase64Chars =
    (kCompressionHeaderBytes + kMaxInflatedBytes + 1024) / 3 * 4 + 4;
constexpr std::uint64_t kMaxTotal =
    static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());

[[noreturn]] void fail(const std::string& what) { throw std::invalid_argument("hdrh: " + what); }

void put_be32(std::vector<std::uint8_t>& out, std::uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8)
    out.push_back(static_cast<std::uint8_t>(value >> shift));
}

void put_be64(std::vector<std::uint8_t>& out, std::uint64_t value) {
  for (int shift = 56; shift >= 0; shift -= 8)
    out.push_back(static_cast<std::uint8_t>(value >> shift));
}

std::uint64_t get_be(const std::uint8_t* bytes, int width) {
  std::uint64_t value = 0;
  for (int i = 0; i < width; ++i) value = (value << 8) | bytes[i];
  return value;
}

// HdrHistogram's ZigZag LEB128: 7 bits a byte, the ninth byte carries 8 bits.
void put_zigzag(std::vector<std::uint8_t>& out, std::int64_t signed_value) {
  std::uint64_t value = (static_cast<std::uint64_t>(signed_value) << 1) ^
                        static_cast<std::uint64_t>(signed_value >> 63);
  for (int i = 0; i < 8; ++i) {
    if ((value >> 7) == 0) {
      out.push_back(static_cast<std::uint8_t>(value));
      return;
    }
    out.push_back(static_cast<std::uint8_t>((value & 0x7F) | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<std::uint8_t>(value));
}

std::int64_t get_zigzag(const std::vector<std::uint8_t>& in, std::size_t& at, std::size_t end) {
  std::uint64_t value = 0;
  for (int i = 0; i < 9; ++i) {
    if (at >= end)
      fail("payload ends inside a count (truncated varint at byte " + std::to_string(at) + ")");
    const std::uint64_t byte = in[at++];
    if (i == 8) {
      value |= byte << 56;
      break;
    }
    value |= (byte & 0x7F) << (7 * i);
    if ((byte & 0x80) == 0) break;
  }
  return static_cast<std::int64_t>(value >> 1) ^ -static_cast<std::int64_t>(value & 1);
}

std::vector<std::uint8_t> inflate_bounded(const std::uint8_t* data, std::size_t size) {
  std::vector<std::uint8_t> out(kMaxInflatedBytes + 1);
  z_stream stream{};
  if (inflateInit(&stream) != Z_OK) fail("zlib inflateInit failed");
  // zlib's next_in is not const (without ZLIB_CONST), but inflate only reads it.
  stream.next_in = const_cast<Bytef*>(data);  // NOLINT(cppcoreguidelines-pro-type-const-cast)
  stream.avail_in = static_cast<uInt>(size);
  stream.next_out = out.data();
  stream.avail_out = static_cast<uInt>(out.size());
  const int status = inflate(&stream, Z_FINISH);
  const std::size_t produced = stream.total_out;
  const std::size_t unread = stream.avail_in;
  const std::string message = stream.msg != nullptr ? stream.msg : "";
  inflateEnd(&stream);
  if (status == Z_BUF_ERROR && produced > kMaxInflatedBytes) {
    fail("inflated data exceeds " + std::to_string(kMaxInflatedBytes) +
         " bytes (not a TRex histogram)");
  }
  if (status != Z_STREAM_END) {
    fail("bad zlib data (" + (message.empty() ? "zlib status " + std::to_string(status) : message) +
         (status == Z_BUF_ERROR ? ", truncated" : "") + ")");
  }
  if (unread != 0) fail(std::to_string(unread) + " bytes after the end of the zlib stream");
  out.resize(produced);
  return out;
}

}  // namespace

std::string LatencyHistogram::encode() const {
  std::size_t counts_limit = 1;  // HdrHistogram_c: up to the max value's index
  for (std::size_t i = counts_.size(); i-- > 0;) {
    if (counts_[i] != 0) {
      counts_limit = i + 1;
      break;
    }
  }
  std::vector<std::uint8_t> payload;
  for (std::size_t i = 0; i < counts_limit;) {
    std::int64_t value = static_cast<std::int64_t>(counts_[i]);  // total <= INT64_MAX
    ++i;
    if (value == 0) {
      std::int64_t zeros = 1;
      while (i < counts_limit && counts_[i] == 0) {
        ++zeros;
        ++i;
      }
      value = -zeros;
    }
    put_zigzag(payload, value);
  }
  std::vector<std::uint8_t> encoded;
  put_be32(encoded, kEncodingCookie);
  put_be32(encoded, static_cast<std::uint32_t>(payload.size()));
  put_be32(encoded, 0);  // normalizing index offset
  put_be32(encoded, significant_figures);
  put_be64(encoded, 1);  // lowest discernible value
  put_be64(encoded, highest_trackable_us);
  put_be64(encoded, std::bit_cast<std::uint64_t>(1.0));  // conversion ratio
  encoded.insert(encoded.end(), payload.begin(), payload.end());

  uLongf compressed_size = compressBound(static_cast<uLong>(encoded.size()));
  std::vector<std::uint8_t> out(kCompressionHeaderBytes + compressed_size);
  if (compress2(out.data() + kCompressionHeaderBytes, &compressed_size, encoded.data(),
                static_cast<uLong>(encoded.size()), Z_DEFAULT_COMPRESSION) != Z_OK) {
    throw std::runtime_error("hdrh: zlib compress2 failed");
  }
  out.resize(kCompressionHeaderBytes + compressed_size);
  std::vector<std::uint8_t> header;
  put_be32(header, kCompressionCookie);
  put_be32(header, static_cast<std::uint32_t>(compressed_size));
  std::copy(header.begin(), header.end(), out.begin());
  return base64_encode(out);
}

namespace {

/// The V2 compressed text's base64, its 8-byte header and zlib stream, checked and
/// inflated: the encoding (its 40-byte header, then the counts).
std::vector<std::uint8_t> inflated_encoding(std::string_view base64) {
  if (base64.size() > kMaxBase64Chars) {
    fail("text of " + std::to_string(base64.size()) + " characters exceeds the bound of " +
         std::to_string(kMaxBase64Chars) + " for this histogram's parameters");
  }
  std::vector<std::uint8_t> bytes;
  try {
    bytes = base64_decode(base64);
  } catch (const std::invalid_argument& error) {
    fail(std::string("bad base64: ") + error.what());
  }
  if (bytes.size() < kCompressionHeaderBytes) {
    fail("only " + std::to_string(bytes.size()) +
         " bytes, shorter than the 8-byte header (truncated)");
  }
  const auto cookie = static_cast<std::uint32_t>(get_be(bytes.data(), 4));
  if (cookie != kCompressionCookie) {
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%08x", cookie);
    fail(std::string("cookie ") + hex + " is not the V2 compressed cookie 0x1c849314");
  }
  const std::uint64_t zlib_length = get_be(bytes.data() + 4, 4);
  const std::size_t available = bytes.size() - kCompressionHeaderBytes;
  if (zlib_length != available) {
    fail("header says " + std::to_string(zlib_length) + " zlib bytes, the text holds " +
         std::to_string(available) + (zlib_length > available ? " (truncated)" : ""));
  }
  return inflate_bounded(bytes.data() + kCompressionHeaderBytes, available);
}

/// The encoding's header: its cookie, TRex's parameters and the payload's length.
void check_encoding_header(const std::vector<std::uint8_t>& encoded) {
  if (encoded.size() < kEncodingHeaderBytes) {
    fail("inflated " + std::to_string(encoded.size()) +
         " bytes, shorter than the 40-byte encoding header");
  }
  const auto encoding_cookie = static_cast<std::uint32_t>(get_be(encoded.data(), 4));
  if (encoding_cookie != kEncodingCookie) {
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%08x", encoding_cookie);
    fail(std::string("encoding cookie ") + hex + " is not the V2 cookie 0x1c849313");
  }
  const std::uint64_t payload_length = get_be(encoded.data() + 4, 4);
  // Bytes 8..15 (normalizing index offset) and 32..39 (conversion ratio) do not change
  // the counts: payloads are in logical bucket order, and the ratio only scales values
  // for double-valued views. Encoders disagree on them (HdrHistogram_c writes 0 and
  // double 1.0, the Java/JS ports 1 and integer 1), so like those decoders we ignore them.
  const std::uint64_t figures = get_be(encoded.data() + 12, 4);
  const std::uint64_t lowest = get_be(encoded.data() + 16, 8);
  const std::uint64_t highest = get_be(encoded.data() + 24, 8);
  if (figures != LatencyHistogram::significant_figures || lowest != 1 ||
      highest != LatencyHistogram::highest_trackable_us) {
    fail("parameters (lowest " + std::to_string(lowest) + ", highest " + std::to_string(highest) +
         ", significant figures " + std::to_string(figures) + ") are not TRex's (1, 10000000, 3)");
  }
  if (payload_length != encoded.size() - kEncodingHeaderBytes) {
    fail("header says " + std::to_string(payload_length) + " payload bytes, " +
         std::to_string(encoded.size() - kEncodingHeaderBytes) + " were inflated");
  }
}

}  // namespace

LatencyHistogram LatencyHistogram::decode(std::string_view base64) {
  const std::vector<std::uint8_t> encoded = inflated_encoding(base64);
  check_encoding_header(encoded);
  LatencyHistogram histogram;
  std::size_t at = kEncodingHeaderBytes;
  std::size_t index = 0;
  while (at < encoded.size()) {
    const std::int64_t value = get_zigzag(encoded, at, encoded.size());
    if (value < 0) {
      // -n: n empty buckets. Negate in unsigned arithmetic (INT64_MIN is hostile too).
      const std::uint64_t zeros = 0 - static_cast<std::uint64_t>(value);
      if (zeros > counts_length - index) {
        fail("a run of " + std::to_string(zeros) + " empty buckets at index " +
             std::to_string(index) + " passes the last bucket (" + std::to_string(counts_length) +
             " buckets)");
      }
      index += static_cast<std::size_t>(zeros);
      continue;
    }
    if (index >= counts_length) {
      fail("more than " + std::to_string(counts_length) +
           " counts (too many buckets for TRex's parameters)");
    }
    const auto count = static_cast<std::uint64_t>(value);
    if (count > kMaxTotal - histogram.total_) {
      fail("counts overflow: total passes INT64_MAX at bucket " + std::to_string(index));
    }
    histogram.counts_[index] = count;
    histogram.total_ += count;
    ++index;
  }
  return histogram;
}

}  // namespace trexsearch::measure
