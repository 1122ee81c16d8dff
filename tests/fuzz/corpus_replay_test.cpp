// Runs every fuzz body over its seed corpus (tests/fuzz/corpus/<target>/) and over the
// inputs that once crashed it (tests/fuzz/regressions/<target>/), in the normal suite:
// the bodies stay built and correct without clang, and old crashes stay fixed.

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/fuzz/fuzz_bodies.hpp"
#include "tests/support/build_paths.hpp"

namespace fs = std::filesystem;
using trexsearch::fuzz::fuzz_targets;

namespace {

std::string read_bytes(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << file.rdbuf();
  return bytes.str();
}

/// Feeds every file under `dir/<target>` to the target's body; returns how many.
int replay(const fs::path& dir, const trexsearch::fuzz::FuzzTarget& target) {
  const fs::path folder = dir / target.name;
  if (!fs::is_directory(folder)) return 0;
  int count = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder)) {
    if (!entry.is_regular_file()) continue;
    INFO(target.name, ": ", entry.path().string());
    CHECK_NOTHROW(target.body(read_bytes(entry.path())));
    ++count;
  }
  return count;
}

}  // namespace

TEST_CASE("every fuzz target has a seed corpus and accepts it without crashing") {
  for (const auto& target : fuzz_targets()) {
    CAPTURE(target.name);
    CHECK(replay(trexsearch::testing::build_paths::source_file("tests/fuzz/corpus"), target) >= 2);
  }
}

TEST_CASE("inputs that once crashed a fuzz target are handled") {
  for (const auto& target : fuzz_targets())
    replay(trexsearch::testing::build_paths::source_file("tests/fuzz/regressions"), target);
}

TEST_CASE("a round-trip mismatch is reported, not swallowed") {
  CHECK_THROWS_AS(trexsearch::fuzz::require_round_trip(false, "x"),
                  trexsearch::fuzz::RoundTripMismatch);
  CHECK_NOTHROW(trexsearch::fuzz::require_round_trip(true, "x"));
}
