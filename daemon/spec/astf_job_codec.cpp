#include "daemon/spec/astf_job_codec.hpp"

#include <cmath>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/codec/strict_json.hpp"
#include "measure/errors.hpp"
#include "trex_client/codec/astf/astf_profile_codec.hpp"

namespace trexsearch::service {
namespace {

// Longer than any path Linux accepts (PATH_MAX): not a file name.
constexpr std::size_t kMaxProfileSourceBytes = 4096;

[[noreturn]] void bad(const std::string& path, const Json::Value& value,
                      const std::string& reason) {
  throw measure::ConfigError(path, codec::quote_json(value), reason);
}

trex::AstfProfile decode_profile(codec::ObjectReader& reader) {
  const Json::Value* tmpl = reader.optional_value("template");
  const Json::Value* profile = reader.optional_value("profile");
  if ((tmpl == nullptr) == (profile == nullptr)) {
    bad(reader.field_path("template"), Json::Value(),
        "give one of \"template\" (CSIT's UDP/TCP cps/tput profiles) and \"profile\" (TRex's "
        "own ASTF profile JSON, as astf-sim --json prints it)");
  }
  if (tmpl != nullptr) {
    return trex::compile_astf_template(
        trex::decode_astf_template(*tmpl, reader.field_path("template")));
  }
  const std::string source = reader.optional_string("profile_source").value_or("inline");
  if (source.empty() || source.size() > kMaxProfileSourceBytes) {
    bad(reader.field_path("profile_source"), Json::Value(source.substr(0, 64)),
        "must be a label of 1 to 4096 bytes (the profile's file name)");
  }
  if (!profile->isObject()) {
    bad(reader.field_path("profile"), *profile,
        "must be an object: TRex's ASTF profile JSON (the daemon does not read files named by "
        "clients; send the contents)");
  }
  return trex::decode_astf_profile(*profile, source);
}

trex::AstfCounting decode_counting(codec::ObjectReader& reader, const trex::AstfProfile& profile) {
  const auto text = reader.optional_string("counting");
  if (!text) {
    // A template says what it measures; TRex's own profiles count connections.
    if (profile.from_template &&
        profile.from_template->transaction == trex::AstfTransaction::tput) {
      return trex::AstfCounting::frames;
    }
    return profile.protocol == trex::AstfProtocol::tcp ? trex::AstfCounting::tcp_connections
                                                       : trex::AstfCounting::udp_transactions;
  }
  for (const auto counting : {trex::AstfCounting::tcp_connections,
                              trex::AstfCounting::udp_transactions, trex::AstfCounting::frames}) {
    if (*text == trex::to_string(counting)) return counting;
  }
  bad(reader.field_path("counting"), Json::Value(*text),
      "must be \"tcp_connections\", \"udp_transactions\" or \"frames\"");
}

void decode_timing(codec::ObjectReader& reader, trex::AstfMeasurerConfig& trial) {
  const auto seconds = [&](std::string_view key, measure::Seconds& value) {
    if (const auto number = reader.optional_number(key)) value = measure::Seconds{*number};
  };
  seconds("start_delay", trial.start_delay);
  seconds("finish_grace", trial.finish_grace);
  seconds("end_bound", trial.end_bound);
  seconds("state_timeout", trial.state_timeout);
  if (const auto ramp_up = reader.optional_number("ramp_up")) trial.ramp_up_tps = *ramp_up;
  if (const auto slack = reader.optional_number("pace_slack")) trial.pace_slack = *slack;
  if (const auto tolerance = reader.optional_int64("count_tolerance")) {
    if (*tolerance < 0 || *tolerance > 1'000'000) {
      bad(reader.field_path("count_tolerance"), Json::Value(Json::Int64{*tolerance}),
          "must be a whole number from 0 to 1000000");
    }
    trial.count_tolerance = static_cast<std::uint64_t>(*tolerance);
  }
  if (const auto mask = reader.optional_int64("client_mask")) {
    if (*mask <= 0 || *mask > 0xffffffffLL) {
      bad(reader.field_path("client_mask"), Json::Value(Json::Int64{*mask}),
          "must be a port bit mask from 1 to 2^32-1 (bit p: port p opens connections)");
    }
    trial.client_mask = static_cast<std::uint32_t>(*mask);
  }
}

}  // namespace

AstfJobSpec decode_astf_job(const Json::Value& json, const std::string& path) {
  if (!json.isObject())
    bad(path, json, "must be an object: {\"template\": {...}} or {\"profile\": {...}}");
  codec::ObjectReader reader(json, path);
  AstfJobSpec spec;
  spec.profile = decode_profile(reader);
  spec.trial.counting = decode_counting(reader, spec.profile);
  spec.trial.total_cps = spec.profile.total_cps;
  spec.trial.sessions = spec.profile.sessions;
  spec.trial.packets_per_transaction = spec.profile.packets_per_transaction;
  spec.trial.server_packets_per_transaction = spec.profile.server_packets_per_transaction;
  spec.trial.client_packets_per_transaction = spec.profile.client_packets_per_transaction;
  decode_timing(reader, spec.trial);
  reader.reject_unknown_keys();
  try {
    spec.trial.validate();
  } catch (const measure::ConfigError& error) {
    throw measure::ConfigError(path + "." + error.field(), "", error.what());
  }
  return spec;
}

Json::Value encode_astf_job(const AstfJobSpec& spec) {
  Json::Value json(Json::objectValue);
  if (spec.profile.from_template) {
    json["template"] = trex::encode_astf_template(*spec.profile.from_template);
  } else {
    json["profile"] = codec::parse_strict_json(spec.profile.json, "astf profile");
    if (spec.profile.source != "inline") json["profile_source"] = spec.profile.source;
  }
  json["counting"] = std::string(trex::to_string(spec.trial.counting));
  json["client_mask"] = Json::UInt{spec.trial.client_mask};
  json["start_delay"] = spec.trial.start_delay.count();
  json["finish_grace"] = spec.trial.finish_grace.count();
  json["end_bound"] = spec.trial.end_bound.count();
  json["pace_slack"] = spec.trial.pace_slack;
  json["count_tolerance"] = Json::UInt64{spec.trial.count_tolerance};
  if (spec.trial.ramp_up_tps) json["ramp_up"] = *spec.trial.ramp_up_tps;
  json["state_timeout"] = spec.trial.state_timeout.count();
  return json;
}

}  // namespace trexsearch::service
