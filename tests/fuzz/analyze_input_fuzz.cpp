// Fuzz body: `trex-search analyze` input (recorded trials plus goals), which users
// assemble by hand or from other tools.

#include <json/value.h>

#include "daemon/codec/analyze_input_codec.hpp"
#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/strict_json.hpp"
#include "measure/errors.hpp"
#include "tests/fuzz/fuzz_bodies.hpp"

namespace trexsearch::fuzz {

void fuzz_analyze_input(std::string_view data) {
  Json::Value encoded;
  try {
    encoded = codec::encode_analyze_input(
        codec::decode_analyze_input(codec::parse_strict_json(data, "fuzz")));
  } catch (const codec::JsonSyntaxError&) {
    return;
  } catch (const measure::ConfigError&) {
    return;
  }
  const Json::Value reparsed =
      codec::parse_strict_json(codec::to_compact_json(encoded), "analyze input");
  require_round_trip(codec::encode_analyze_input(codec::decode_analyze_input(reparsed)) == encoded,
                     "analyze input");
}

}  // namespace trexsearch::fuzz
