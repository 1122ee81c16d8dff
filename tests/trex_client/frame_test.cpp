#include "trex_client/transport/frame.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace trexsearch::trex;

TEST_CASE("a compressed frame starts with the magic and the big-endian JSON length") {
  // The example of trex-protocol.md §1.3: a 68-byte ping request.
  const std::string json =
      R"({"jsonrpc": "2.0", "method": "ping", "id": "l0tog11a", "params": {}})";
  REQUIRE(json.size() == 68);
  const std::string frame = compress_frame(json);
  REQUIRE(frame.size() > 10);
  CHECK(static_cast<unsigned char>(frame[0]) == 0xab);
  CHECK(static_cast<unsigned char>(frame[1]) == 0xe8);
  CHECK(static_cast<unsigned char>(frame[2]) == 0x5c);
  CHECK(static_cast<unsigned char>(frame[3]) == 0xea);
  CHECK(frame.substr(4, 4) == std::string("\0\0\0\x44", 4));
  // zlib header at default level.
  CHECK(static_cast<unsigned char>(frame[8]) == 0x78);
  CHECK(static_cast<unsigned char>(frame[9]) == 0x9c);
  CHECK(is_compressed_frame(frame));
  CHECK(decompress_frame(frame) == json);
}

TEST_CASE("plain JSON and short messages are not compressed frames") {
  CHECK_FALSE(is_compressed_frame(R"({"id":1})"));
  CHECK_FALSE(is_compressed_frame(std::string("\xab\xe8\x5c\xea", 4)));
  CHECK_FALSE(is_compressed_frame(""));
}

TEST_CASE("round trips of empty and large payloads") {
  CHECK(decompress_frame(compress_frame("")).empty());
  std::string big;
  for (int i = 0; i < 100000; ++i) big += std::to_string(i) + ",";
  CHECK(decompress_frame(compress_frame(big)) == big);
}

TEST_CASE("corrupt frames are rejected with a reason, never a crash") {
  const std::string frame = compress_frame(R"({"a":1})");
  SUBCASE("length header too small") {
    std::string bad = frame;
    bad[7] = 2;
    CHECK_THROWS_WITH_AS(decompress_frame(bad), doctest::Contains("longer than announced"),
                         FrameError);
  }
  SUBCASE("length header too large") {
    std::string bad = frame;
    bad[7] = 100;
    CHECK_THROWS_AS(decompress_frame(bad), FrameError);
  }
  SUBCASE("garbage after the header") {
    std::string bad = frame.substr(0, 8) + "not zlib at all";
    CHECK_THROWS_WITH_AS(decompress_frame(bad), doctest::Contains("corrupt"), FrameError);
  }
  SUBCASE("absurd announced size") {
    std::string bad = frame;
    bad[4] = '\x7f';
    CHECK_THROWS_WITH_AS(decompress_frame(bad, 1000), doctest::Contains("limit"), FrameError);
  }
  SUBCASE("truncated stream") {
    CHECK_THROWS_AS(decompress_frame(frame.substr(0, frame.size() - 3)), FrameError);
  }
}
