#include "trex_client/codec/request_codec.hpp"

#include "trex_client/codec/json_text.hpp"
#include "trex_client/codec/request_envelope.hpp"
#include "trex_client/codec/stream_codec.hpp"

namespace trexsearch::trex::codec {

Json::Value base_params(const RequestHead& head) {
  Json::Value params(Json::objectValue);
  if (!head.api_h.empty()) params["api_h"] = head.api_h;
  return params;
}

std::string envelope(const RequestHead& head, std::string_view method, Json::Value params) {
  Json::Value request(Json::objectValue);
  request["jsonrpc"] = "2.0";
  request["id"] = head.id;
  request["method"] = std::string(method);
  request["params"] = std::move(params);
  return write_json(request);
}

namespace {

Json::Value owned_params(const RequestHead& head, const OwnedPort& port,
                         std::string_view profile_id = "_") {
  Json::Value params = base_params(head);
  params["port_id"] = port.port_id;
  params["handler"] = port.handler;
  params["profile_id"] = std::string(profile_id);
  return params;
}

}  // namespace

std::string encode_api_sync_v2(const RequestHead& head, const ApiVersion& version) {
  Json::Value params(Json::objectValue);
  params["name"] = version.name;
  params["major"] = version.major;
  params["minor"] = version.minor;
  return envelope(head, "api_sync_v2", std::move(params));
}

std::string encode_plain(const RequestHead& head, std::string_view method) {
  return envelope(head, method, base_params(head));
}

std::string encode_get_port_status(const RequestHead& head, std::uint8_t port_id) {
  Json::Value params = base_params(head);
  params["port_id"] = port_id;
  params["block"] = false;
  return envelope(head, "get_port_status", std::move(params));
}

std::string encode_get_pgid_stats(const RequestHead& head, std::span<const std::uint32_t> pgids) {
  Json::Value params = base_params(head);
  params["pgids"] = Json::Value(Json::arrayValue);
  for (const std::uint32_t id : pgids) params["pgids"].append(id);
  return envelope(head, "get_pgid_stats", std::move(params));
}

std::string encode_get_port_stats(const RequestHead& head, std::uint8_t port_id) {
  Json::Value params = base_params(head);
  params["port_id"] = port_id;
  return envelope(head, "get_port_stats", std::move(params));
}

std::string encode_acquire(const RequestHead& head, const AcquireRequest& request) {
  Json::Value params = base_params(head);
  params["port_id"] = request.port_id;
  params["user"] = request.user;
  params["session_id"] = request.session_id;
  params["force"] = request.force;
  return envelope(head, "acquire", std::move(params));
}

std::string encode_owned(const RequestHead& head, std::string_view method, const OwnedPort& port,
                         std::string_view profile_id) {
  return envelope(head, method, owned_params(head, port, profile_id));
}

std::string encode_service(const RequestHead& head, const OwnedPort& port, bool enabled) {
  Json::Value params = owned_params(head, port);
  params.removeMember("profile_id");
  params["enabled"] = enabled;
  params["filtered"] = false;
  return envelope(head, "service", std::move(params));
}

std::string encode_add_stream(const RequestHead& head, const OwnedPort& port,
                              std::uint32_t stream_id, const StreamSpec& stream,
                              std::string_view profile_id) {
  Json::Value params = owned_params(head, port, profile_id);
  params["stream_id"] = stream_id;
  params["stream"] = encode_stream(stream);
  return envelope(head, "add_stream", std::move(params));
}

std::string encode_start_traffic(const RequestHead& head, const OwnedPort& port,
                                 const StartTrafficRequest& request) {
  Json::Value params = owned_params(head, port);
  params["profile_id"] = request.profile_id;
  Json::Value mul(Json::objectValue);
  mul["type"] = to_string(request.multiplier.type);
  mul["op"] = "abs";
  mul["value"] = request.multiplier.value;
  params["mul"] = mul;
  params["duration"] = request.duration.count();
  params["force"] = request.force;
  if (request.core_mask) params["core_mask"] = Json::UInt64(*request.core_mask);
  return envelope(head, "start_traffic", std::move(params));
}

std::string encode_get_async_events(const RequestHead& head, std::uint32_t session_id) {
  Json::Value params = base_params(head);
  params["session_id"] = session_id;
  return envelope(head, "get_async_events", std::move(params));
}

std::string encode_batch(std::span<const std::string> requests) {
  std::string text = "[";
  for (std::size_t i = 0; i < requests.size(); ++i) {
    if (i > 0) text += ',';
    text += requests[i];
  }
  text += ']';
  return text;
}

}  // namespace trexsearch::trex::codec
