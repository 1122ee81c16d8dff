// Fuzz body: search specs as users write them (docs/examples, etc/goals): the
// MLRsearch controller config, the PLRsearch config and a bare goal list. Decode,
// re-encode, and the re-encoded text must decode to the same thing.

#include <json/value.h>

#include "daemon/codec/controller_config_codec.hpp"
#include "daemon/codec/goal_codec.hpp"
#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/plr_config_codec.hpp"
#include "daemon/codec/strict_json.hpp"
#include "measure/errors.hpp"
#include "tests/fuzz/fuzz_bodies.hpp"

namespace trexsearch::fuzz {
namespace {

/// encode(decode(json)) must survive text and decode to the same encoding.
template <typename Decode, typename Encode>
void round_trip(const Json::Value& json, Decode decode, Encode encode, const char* what) {
  Json::Value encoded;
  try {
    encoded = encode(decode(json));
  } catch (const measure::ConfigError&) {
    return;
  }
  const Json::Value reparsed = codec::parse_strict_json(codec::to_compact_json(encoded), what);
  require_round_trip(encode(decode(reparsed)) == encoded, what);
}

}  // namespace

void fuzz_search_spec(std::string_view data) {
  Json::Value json;
  try {
    json = codec::parse_strict_json(data, "fuzz");
  } catch (const codec::JsonSyntaxError&) {
    return;
  }
  round_trip(
      json, [](const Json::Value& j) { return codec::decode_controller_config(j); },
      [](const mlr::ControllerConfig& c) { return codec::encode_controller_config(c); },
      "controller config");
  round_trip(
      json, [](const Json::Value& j) { return codec::decode_plr_config(j); },
      [](const plr::PlrConfig& c) { return codec::encode_plr_config(c); }, "plr config");
  round_trip(
      json, [](const Json::Value& j) { return codec::decode_goals(j, "goals"); },
      [](const std::vector<mlr::SearchGoal>& goals) {
        Json::Value array(Json::arrayValue);
        for (const mlr::SearchGoal& goal : goals) array.append(codec::encode_goal(goal));
        return array;
      },
      "goals");
}

}  // namespace trexsearch::fuzz
