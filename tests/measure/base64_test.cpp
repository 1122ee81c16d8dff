#include "measure/base64.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

namespace trexsearch::measure {

TEST_CASE("base64 round-trips every remainder length, RFC 4648 test vectors") {
  // RFC 4648 §10.
  CHECK(base64_encode({}) == "");
  CHECK(base64_encode({'f'}) == "Zg==");
  CHECK(base64_encode({'f', 'o'}) == "Zm8=");
  CHECK(base64_encode({'f', 'o', 'o'}) == "Zm9v");
  CHECK(base64_encode({'f', 'o', 'o', 'b', 'a', 'r'}) == "Zm9vYmFy");
  CHECK(base64_decode("Zm9vYg==") == std::vector<std::uint8_t>{'f', 'o', 'o', 'b'});
  CHECK(base64_decode("Zm9vYmE=") == std::vector<std::uint8_t>{'f', 'o', 'o', 'b', 'a'});
  std::vector<std::uint8_t> all;
  for (int i = 0; i < 256; ++i) all.push_back(static_cast<std::uint8_t>(i));
  CHECK(base64_decode(base64_encode(all)) == all);
}

TEST_CASE("base64 decoding refuses what a canonical encoder never writes, saying where") {
  CHECK_THROWS_WITH_AS(base64_decode("Zm9"), doctest::Contains("not a multiple of 4"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(base64_decode("Zm 9"), doctest::Contains("invalid character (code 32) at character 2"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(base64_decode("Z=9v"), doctest::Contains("'=' before the end at character 1"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(base64_decode("Z==="), doctest::Contains("'='"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(base64_decode("Zh=="), doctest::Contains("non-zero padding bits"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(base64_decode("Zm9-"), doctest::Contains("invalid character"),
                       std::invalid_argument);
}

}  // namespace trexsearch::measure
