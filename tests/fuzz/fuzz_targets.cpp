#include <array>

#include "tests/fuzz/fuzz_bodies.hpp"

namespace trexsearch::fuzz {

void require_round_trip(bool ok, const std::string& what) {
  if (!ok) throw RoundTripMismatch("round trip mismatch: " + what);
}

std::span<const FuzzTarget> fuzz_targets() {
  static constexpr std::array<FuzzTarget, 7> targets{{
      {"control_request", fuzz_control_request},
      {"trex_reply", fuzz_trex_reply},
      {"traffic_profile", fuzz_traffic_profile},
      {"search_spec", fuzz_search_spec},
      {"measurer_reply", fuzz_measurer_reply},
      {"analyze_input", fuzz_analyze_input},
      {"hdrh", fuzz_hdrh},
  }};
  return targets;
}

}  // namespace trexsearch::fuzz
