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

Json::Value encode_line_rate(const std::optional<trex::LineRate>& line) {
  if (!line) return Json::Value(Json::nullValue);
  Json::Value json(Json::objectValue);
  json["port_speed_gbps"] = line->port_bps / 1e9;
  json["frame_bytes"] = line->frame_bytes;
  json["line_rate_pps"] = line->line_rate_pps();
  return json;
}

}  // namespace trexsearch::service
