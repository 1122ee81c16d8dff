#include "daemon/spec/load_units_codec.hpp"

#include "daemon/codec/json_writer.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {

LoadValue parse_load(const Json::Value& json, const std::string& path) {
  if (json.isNumeric() && !json.isBool()) {
    LoadValue load;
    load.value = json.asDouble();
    load.text = codec::to_compact_json(json);
    return load;
  }
  if (!json.isString()) {
    throw measure::ConfigError(
        path, codec::to_compact_json(json),
        "must be a number of frames/s or a string like \"100%\", \"9.5mpps\", "
        "\"10gbps_l1\"");
  }
  return parse_load_text(json.asString(), path);
}

}  // namespace trexsearch::service
