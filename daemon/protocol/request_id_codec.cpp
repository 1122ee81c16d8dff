#include "daemon/protocol/request_id_codec.hpp"

namespace trexsearch::protocol {

std::optional<RequestId> decode_request_id(const Json::Value& json) {
  if (json.isNull()) return RequestId{};
  if (json.isBool()) return std::nullopt;
  if (json.isInt64()) return RequestId{json.asInt64()};
  if (json.isNumeric()) return RequestId{json.asDouble()};
  if (json.isString()) return RequestId{json.asString()};
  return std::nullopt;
}

Json::Value encode_request_id(const RequestId& id) {
  if (const auto* number = std::get_if<std::int64_t>(&id)) return Json::Int64{*number};
  if (const auto* number = std::get_if<double>(&id)) return *number;
  if (const auto* text = std::get_if<std::string>(&id)) return *text;
  return Json::Value(Json::nullValue);
}

}  // namespace trexsearch::protocol
