// libFuzzer entry point; TREX_SEARCH_FUZZ_BODY names the body (CMake sets it per target).
// Expected parse errors are caught inside the body; anything escaping it (another
// exception type, a round-trip mismatch) aborts and libFuzzer records a crash.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "tests/fuzz/fuzz_bodies.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  trexsearch::fuzz::TREX_SEARCH_FUZZ_BODY(
      std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
