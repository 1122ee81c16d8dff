// Fuzz body: traffic profile files (docs/traffic-profiles.md). Parse, then compile to
// TRex streams (packet bytes, flow VM): a profile the parser accepts must either
// compile or be rejected with a ConfigError, never crash the builder.

#include "measure/errors.hpp"
#include "tests/fuzz/fuzz_bodies.hpp"
#include "trex_client/codec/profile_codec.hpp"
#include "trex_client/profile/compiled_profile.hpp"

namespace trexsearch::fuzz {

void fuzz_traffic_profile(std::string_view data) {
  trex::TrafficProfile profile;
  try {
    profile = trex::parse_profile(data, "fuzz.json");
  } catch (const measure::ConfigError&) {
    return;
  }
  try {
    static_cast<void>(trex::compile_profile(profile));
  } catch (const measure::ConfigError&) {
  }
}

}  // namespace trexsearch::fuzz
