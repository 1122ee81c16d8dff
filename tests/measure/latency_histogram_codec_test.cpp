#include <doctest/doctest.h>
#include <zlib.h>

#include <bit>
#include <stdexcept>
#include <string>
#include <vector>

#include "measure/base64.hpp"
#include "measure/latency_histogram.hpp"

namespace trexsearch::measure {
namespace {

// Golden strings from an encoder independent of ours: hdr-histogram-js 3.0.1 (npm, a
// port of the Java HdrHistogram), `build({lowestDiscernibleValue: 1,
// highestTrackableValue: 10000000, numberOfSignificantValueDigits: 3, bitBucketSize:
// 64, useWebAssembly: false})`, recordValueWithCount(...), then
// encodeIntoCompressedBase64(h); expected numbers are the same library's
// getValueAtPercentile(p), mean, and totalCount. Produced once in a scratch dir
// outside the repository; the tool is not part of the build.

// Values 1..1000, once each.
constexpr const char* kOneToThousand =
    "HISTFAAAACp4nJNpmSzMwMD8koGBgZGBgYGZAQIYweSMaQ1wPtMoGAWjYNgDAOsrC7c=";
// 50 us x 900, 2500 us x 90, 12345 us x 9, 9999999 us x 1.
constexpr const char* kLongTail =
    "HISTFAAAADF4nJNpmSzMwMDAx8DAwMjAwMDMAAGMYHLGtAYYP7mD767SFsbjKkLfZzEyAQCZWQhH";
// kLongTail plus 70 us x 500 and 3000 us x 20 (a later cumulative snapshot).
constexpr const char* kLongTailLater =
    "HISTFAAAADd4nJNpmSzMwMAgwsDAwMjAwMDMAAGMYHLGtAYYP7mDT/UF+1alLYwfmTUuKwh9n8XIBADR7gpd";

void put_be(std::vector<std::uint8_t>& out, std::uint64_t value, int bytes) {
  for (int shift = 8 * (bytes - 1); shift >= 0; shift -= 8) {
    out.push_back(static_cast<std::uint8_t>(value >> shift));
  }
}

struct Header {
  std::uint32_t cookie = 0x1c849313;
  std::int64_t payload_length = -1;  // -1: the real length
  std::uint32_t offset = 0;
  std::uint32_t figures = 3;
  std::uint64_t lowest = 1;
  std::uint64_t highest = 10'000'000;
  double ratio = 1.0;
};

std::vector<std::uint8_t> deflate_bytes(const std::vector<std::uint8_t>& plain) {
  uLongf size = compressBound(static_cast<uLong>(plain.size()));
  std::vector<std::uint8_t> out(size);
  REQUIRE(compress2(out.data(), &size, plain.data(), static_cast<uLong>(plain.size()), 9) == Z_OK);
  out.resize(size);
  return out;
}

std::string wrap(const std::vector<std::uint8_t>& zlib_data, std::uint32_t cookie = 0x1c849314,
                 std::int64_t length = -1) {
  std::vector<std::uint8_t> out;
  put_be(out, cookie, 4);
  put_be(out, length < 0 ? zlib_data.size() : static_cast<std::uint64_t>(length), 4);
  out.insert(out.end(), zlib_data.begin(), zlib_data.end());
  return base64_encode(out);
}

// A hand-built V2 histogram: header fields and raw payload bytes.
std::string hand_built(const Header& header, const std::vector<std::uint8_t>& payload) {
  std::vector<std::uint8_t> plain;
  put_be(plain, header.cookie, 4);
  put_be(plain, header.payload_length < 0 ? payload.size() : static_cast<std::uint64_t>(header.payload_length), 4);
  put_be(plain, header.offset, 4);
  put_be(plain, header.figures, 4);
  put_be(plain, header.lowest, 8);
  put_be(plain, header.highest, 8);
  put_be(plain, std::bit_cast<std::uint64_t>(header.ratio), 8);
  plain.insert(plain.end(), payload.begin(), payload.end());
  return wrap(deflate_bytes(plain));
}

}  // namespace

TEST_CASE("Strings from an independent encoder decode to its percentiles") {
  const LatencyHistogram exact = LatencyHistogram::decode(kOneToThousand);
  CHECK(exact.total() == 1000);
  CHECK(exact.min_us() == 1);
  CHECK(exact.max_us() == 1000);
  CHECK(exact.mean_us() == doctest::Approx(500.5));
  CHECK(exact.value_at_percentile(50.0) == 500);
  CHECK(exact.value_at_percentile(90.0) == 900);
  CHECK(exact.value_at_percentile(99.0) == 990);
  CHECK(exact.value_at_percentile(99.9) == 999);

  const LatencyHistogram tail = LatencyHistogram::decode(kLongTail);
  CHECK(tail.total() == 1000);
  CHECK(tail.min_us() == 50);
  CHECK(tail.mean_us() == doctest::Approx(10379.558));
  CHECK(tail.value_at_percentile(50.0) == 50);
  CHECK(tail.value_at_percentile(90.0) == 50);
  CHECK(tail.value_at_percentile(99.0) == 2501);
  CHECK(tail.value_at_percentile(99.9) == 12351);
  CHECK(tail.value_at_percentile(100.0) == 10002431);
  CHECK(tail.max_us() == 10002431);

  const LatencyHistogram later = LatencyHistogram::decode(kLongTailLater);
  CHECK(later.total() == 1520);
  CHECK(later.mean_us() == doctest::Approx(6891.1697368421055));
  CHECK(later.value_at_percentile(90.0) == 70);
  CHECK(later.value_at_percentile(99.0) == 3001);
  const LatencyHistogram trial = later.minus(tail);
  CHECK(trial.total() == 520);
  CHECK(trial.min_us() == 70);
  CHECK(trial.max_us() == 3001);
}

TEST_CASE("Our encoding decodes to the same histogram and looks like TRex's") {
  for (const char* golden : {kOneToThousand, kLongTail, kLongTailLater}) {
    const LatencyHistogram original = LatencyHistogram::decode(golden);
    const std::string encoded = original.encode();
    CHECK(encoded.rfind("HISTFAAA", 0) == 0);
    CHECK(LatencyHistogram::decode(encoded) == original);
  }
  const LatencyHistogram empty;
  CHECK(LatencyHistogram::decode(empty.encode()) == empty);
  LatencyHistogram extremes;
  extremes.record(0, 3);
  extremes.record(10'000'000, static_cast<std::uint64_t>(INT64_MAX) - 3);
  CHECK(LatencyHistogram::decode(extremes.encode()) == extremes);
}

TEST_CASE("Truncated or mangled text is refused with the reason") {
  const std::string good = kLongTail;
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(good.substr(0, good.size() - 1)),
                       doctest::Contains("bad base64"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(good.substr(0, good.size() - 8)),
                       doctest::Contains("truncated"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(""), doctest::Contains("shorter than the 8-byte header"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode("HISTFAAA"), doctest::Contains("shorter than the 8-byte header"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(std::string(good) + "\n"), doctest::Contains("bad base64"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(std::string(2'000'000, 'A')),
                       doctest::Contains("exceeds the bound"), std::invalid_argument);
}

TEST_CASE("Wrong cookies, lengths and zlib data are refused with the reason") {
  const std::vector<std::uint8_t> zlib_data = deflate_bytes(std::vector<std::uint8_t>(40, 0));
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(wrap(zlib_data, 0x1c849304)),
                       doctest::Contains("cookie 0x1c849304 is not the V2 compressed cookie"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(wrap(zlib_data, 0x1c849314, 0xFFFFFFFF)),
                       doctest::Contains("header says 4294967295 zlib bytes"), std::invalid_argument);
  std::vector<std::uint8_t> garbage(zlib_data.size(), 0x55);
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(wrap(garbage)), doctest::Contains("bad zlib data"),
                       std::invalid_argument);
  std::vector<std::uint8_t> cut(zlib_data.begin(), zlib_data.end() - 4);
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(wrap(cut)), doctest::Contains("bad zlib data"),
                       std::invalid_argument);
  std::vector<std::uint8_t> trailing = zlib_data;
  trailing.push_back(0);
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(wrap(trailing)),
                       doctest::Contains("1 bytes after the end of the zlib stream"), std::invalid_argument);
  // A small zlib stream that inflates to far more than any histogram (a "zip bomb").
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(wrap(deflate_bytes(std::vector<std::uint8_t>(4'000'000, 0)))),
                       doctest::Contains("inflated data exceeds"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(hand_built(Header{.cookie = 0x1c849301}, {2})),
                       doctest::Contains("encoding cookie 0x1c849301"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(wrap(deflate_bytes({1, 2, 3}))),
                       doctest::Contains("shorter than the 40-byte encoding header"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(hand_built(Header{.payload_length = 1'000'000}, {2})),
                       doctest::Contains("header says 1000000 payload bytes, 1 were inflated"),
                       std::invalid_argument);
}

TEST_CASE("Histograms with parameters other than TRex's are refused") {
  CHECK(LatencyHistogram::decode(hand_built(Header{}, {2})).total() == 1);  // the control
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(hand_built(Header{.figures = 2}, {2})),
                       doctest::Contains("significant figures 2"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(hand_built(Header{.lowest = 1000}, {2})),
                       doctest::Contains("lowest 1000"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(hand_built(Header{.highest = 3'600'000'000}, {2})),
                       doctest::Contains("highest 3600000000"), std::invalid_argument);
  // Fields that do not change the counts are accepted whatever their value (the Java and
  // JS encoders write 1 where HdrHistogram_c writes 0 and double 1.0).
  CHECK(LatencyHistogram::decode(hand_built(Header{.offset = 1, .ratio = 1000.0}, {2})).total() == 1);
}

TEST_CASE("Hostile count payloads are refused, never read past or wrapped") {
  // ZigZag: 2 -> count 1, 1 -> one empty bucket, 0x80.. continuation bytes.
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(hand_built(Header{}, {2, 0x80})),
                       doctest::Contains("truncated varint"), std::invalid_argument);
  // -20000 empty buckets: a run past the 15360 buckets.
  const std::uint64_t run = 2 * 20000 - 1;  // zigzag(-20000)
  CHECK_THROWS_WITH_AS(
      LatencyHistogram::decode(hand_built(Header{}, {static_cast<std::uint8_t>(0x80 | (run & 0x7F)),
                                                     static_cast<std::uint8_t>(0x80 | ((run >> 7) & 0x7F)),
                                                     static_cast<std::uint8_t>(run >> 14)})),
      doctest::Contains("a run of 20000 empty buckets at index 0"), std::invalid_argument);
  // INT64_MIN as a run length (9-byte varint, all ones then 0xFF: zigzag 2^64 - 1).
  CHECK_THROWS_WITH_AS(
      LatencyHistogram::decode(hand_built(Header{}, {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF})),
      doctest::Contains("empty buckets"), std::invalid_argument);
  // Two counts of INT64_MAX (zigzag 2^64 - 2): the total overflows.
  const std::vector<std::uint8_t> biggest{0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
  std::vector<std::uint8_t> two = biggest;
  two.insert(two.end(), biggest.begin(), biggest.end());
  CHECK(LatencyHistogram::decode(hand_built(Header{}, biggest)).total() ==
        static_cast<std::uint64_t>(INT64_MAX));
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(hand_built(Header{}, two)),
                       doctest::Contains("counts overflow"), std::invalid_argument);
  // One count more than there are buckets.
  std::vector<std::uint8_t> too_many;
  const std::uint64_t zeros = 2 * 15360 - 1;  // zigzag(-15360): all buckets empty
  too_many = {static_cast<std::uint8_t>(0x80 | (zeros & 0x7F)), static_cast<std::uint8_t>(0x80 | ((zeros >> 7) & 0x7F)),
              static_cast<std::uint8_t>(zeros >> 14), 2};
  CHECK_THROWS_WITH_AS(LatencyHistogram::decode(hand_built(Header{}, too_many)),
                       doctest::Contains("more than 15360 counts"), std::invalid_argument);
  // Java's encoders write a lone empty bucket as a literal 0: accepted.
  CHECK(LatencyHistogram::decode(hand_built(Header{}, {0, 2})).count_at_index(1) == 1);
}

}  // namespace trexsearch::measure
