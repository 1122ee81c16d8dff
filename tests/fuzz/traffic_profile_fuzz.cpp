// Fuzz body: traffic profile files (docs/traffic-profiles.md), the profile language and
// TRex's own streams. Parse, then compile to TRex streams (packet bytes, flow VM): a
// profile the parser accepts must either compile or be rejected with a ConfigError,
// never crash the builder; one that compiles must be described (profile check),
// previewed (profile pcap) and stored and read back without an error.

#include "measure/errors.hpp"
#include "tests/fuzz/fuzz_bodies.hpp"
#include "trex_client/codec/profile_codec.hpp"
#include "trex_client/profile/compiled_profile.hpp"
#include "trex_client/profile/frame_preview.hpp"
#include "trex_client/profile/profile_summary.hpp"

namespace trexsearch::fuzz {

void fuzz_traffic_profile(std::string_view data) {
  trex::TrafficProfile profile;
  try {
    profile = trex::parse_profile(data, "fuzz.json");
  } catch (const measure::ConfigError&) {
    return;
  }
  // Port counters first: they accept what flow stats cannot count (MPLS, non-IP).
  try {
    static_cast<void>(trex::compile_profile(profile, trex::CounterSource::port));
  } catch (const measure::ConfigError&) {
    return;
  }
  try {
    static_cast<void>(trex::compile_profile(profile, trex::CounterSource::flow_stats));
  } catch (const measure::ConfigError&) {
    // Refusing a profile for per-stream counting is an answer, not a finding.
  }
  static_cast<void>(trex::summarize_profile(profile, trex::CounterSource::port));
  static_cast<void>(trex::preview_frames(profile, 4));
  // What the daemon stores must read back: an exception here is a finding.
  static_cast<void>(trex::decode_profile(trex::encode_profile(profile), "stored"));
}

}  // namespace trexsearch::fuzz
