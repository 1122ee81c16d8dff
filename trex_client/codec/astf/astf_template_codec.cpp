// The declarative ASTF template (AstfTemplate) <-> the JSON object a job spec carries.
#include <limits>

#include "measure/errors.hpp"
#include "trex_client/codec/astf/astf_profile_codec.hpp"
#include "trex_client/codec/field_reader.hpp"

namespace trexsearch::trex {
namespace {

using codec::FieldReader;

// Errors name the job spec's own path ("measurer.template.frame_size").
class TemplateErrorPolicy final : public codec::FieldErrorPolicy {
 public:
  [[noreturn]] void fail(const std::string& path, const std::string& value,
                         const std::string& reason) const override {
    throw measure::ConfigError(path, value, reason);
  }
};

template <typename Enum>
Enum read_choice(const FieldReader& root, const char* key, Enum fallback, Enum other) {
  if (!root.has(key)) return fallback;
  const FieldReader field = root.at(key);
  const std::string text = field.as_string();
  if (text == to_string(fallback)) return fallback;
  if (text == to_string(other)) return other;
  field.fail("must be \"" + std::string(to_string(fallback)) + "\" or \"" +
             std::string(to_string(other)) + "\"");
}

std::uint32_t read_u32(const FieldReader& root, const char* key, std::uint32_t fallback) {
  if (!root.has(key)) return fallback;
  return static_cast<std::uint32_t>(root.u64(key, std::numeric_limits<std::uint32_t>::max()));
}

// data_frames and keepalive_ms shape only the transactions they belong to; given
// elsewhere they would be silently ignored.
void reject_inapplicable(const FieldReader& root, const AstfTemplate& spec) {
  const bool tput = spec.transaction == AstfTransaction::tput;
  if (!tput && root.has("data_frames")) {
    root.at("data_frames").fail("applies to \"transaction\": \"tput\" only");
  }
  if (!(tput && spec.protocol == AstfProtocol::udp) && root.has("keepalive_ms")) {
    root.at("keepalive_ms").fail("applies to UDP tput only");
  }
}

}  // namespace

AstfTemplate decode_astf_template(const Json::Value& json, const std::string& path) {
  const TemplateErrorPolicy policy;
  const FieldReader root(json, path, policy);
  root.reject_unknown({"protocol", "transaction", "frame_size", "data_frames", "keepalive_ms",
                       "client_start", "client_end", "server_start", "server_end", "ip_offset",
                       "port", "sessions"});
  AstfTemplate spec;
  spec.protocol = read_choice(root, "protocol", AstfProtocol::udp, AstfProtocol::tcp);
  spec.transaction = read_choice(root, "transaction", AstfTransaction::cps, AstfTransaction::tput);
  reject_inapplicable(root, spec);
  spec.frame_size = read_u32(root, "frame_size", spec.frame_size);
  spec.data_frames = read_u32(root, "data_frames", spec.data_frames);
  spec.keepalive_ms = read_u32(root, "keepalive_ms", spec.keepalive_ms);
  spec.client_start = root.string_or("client_start", spec.client_start);
  spec.client_end = root.string_or("client_end", spec.client_end);
  spec.server_start = root.string_or("server_start", spec.server_start);
  spec.server_end = root.string_or("server_end", spec.server_end);
  spec.ip_offset = root.string_or("ip_offset", spec.ip_offset);
  if (root.has("port")) spec.port = static_cast<std::uint16_t>(root.u64("port", 65535));
  if (root.has("sessions")) spec.sessions = root.u64("sessions");
  check_astf_template(spec, path);
  return spec;
}

Json::Value encode_astf_template(const AstfTemplate& spec) {
  Json::Value json(Json::objectValue);
  json["protocol"] = std::string(to_string(spec.protocol));
  json["transaction"] = std::string(to_string(spec.transaction));
  json["frame_size"] = spec.frame_size;
  if (spec.transaction == AstfTransaction::tput) {
    json["data_frames"] = spec.data_frames;
    if (spec.protocol == AstfProtocol::udp) json["keepalive_ms"] = spec.keepalive_ms;
  }
  json["client_start"] = spec.client_start;
  json["client_end"] = spec.client_end;
  json["server_start"] = spec.server_start;
  json["server_end"] = spec.server_end;
  json["ip_offset"] = spec.ip_offset;
  json["port"] = spec.port;
  if (spec.sessions) json["sessions"] = Json::UInt64{*spec.sessions};
  return json;
}

}  // namespace trexsearch::trex
