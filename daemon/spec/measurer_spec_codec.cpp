#include "daemon/spec/measurer_spec_codec.hpp"

#include <cmath>
#include <random>
#include <string>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/spec/astf_job_codec.hpp"
#include "daemon/spec/trex_trial_codec.hpp"
#include "measure/errors.hpp"
#include "trex_client/codec/profile_codec.hpp"

namespace trexsearch::service {
namespace {

[[noreturn]] void bad(const std::string& path, const Json::Value& value,
                      const std::string& reason) {
  throw measure::ConfigError(path, codec::quote_json(value), reason);
}

TimeMode decode_time(codec::ObjectReader& reader, TimeMode fallback) {
  const auto text = reader.optional_string("time");
  if (!text) return fallback;
  if (*text == "virtual") return TimeMode::virtual_time;
  if (*text == "real") return TimeMode::real_time;
  bad(reader.field_path("time"), Json::Value(*text), "must be \"virtual\" or \"real\"");
}

measure::Seconds decode_seconds(codec::ObjectReader& reader, std::string_view key,
                                measure::Seconds fallback) {
  const auto value = reader.optional_number(key);
  if (!value) return fallback;
  if (*value < 0.0) bad(reader.field_path(key), Json::Value(*value), "must be >= 0 seconds");
  return measure::Seconds{*value};
}

SimMeasurerSpec decode_sim(codec::ObjectReader& reader) {
  SimMeasurerSpec spec;
  const auto model = reader.optional_string("model");
  if (!model) bad(reader.field_path("model"), Json::Value(), "is required for kind \"sim\"");
  spec.model = *model;
  if (const Json::Value* options = reader.optional_value("options")) {
    codec::ObjectReader options_reader(*options, reader.field_path("options"));
    for (const std::string& key : options->getMemberNames()) {
      spec.options[key] = options_reader.number(key);
    }
  }
  if (const Json::Value* seed = reader.optional_value("seed")) {
    if (!seed->isUInt64() || seed->isBool() ||
        (seed->isDouble() && std::floor(seed->asDouble()) != seed->asDouble())) {
      bad(reader.field_path("seed"), *seed, "must be a whole number from 0 to 2^64-1");
    }
    spec.seed = seed->asUInt64();
  }
  spec.trial_overhead = decode_seconds(reader, "trial_overhead", spec.trial_overhead);
  spec.time = decode_time(reader, TimeMode::virtual_time);
  // Build the model once: unknown models and out-of-range options fail at
  // submission, not when the job reaches the front of the queue.
  try {
    (void)sim::make_sut(spec.model, spec.options, spec.seed);
  } catch (const measure::ConfigError& error) {
    const bool model_error = error.field() == "sut";
    throw RequestError(ResultCode::bad_request,
                       reader.field_path(model_error ? "model" : "options") + ": " + error.what());
  }
  return spec;
}

ExecMeasurerSpec decode_exec(codec::ObjectReader& reader) {
  ExecMeasurerSpec spec;
  const auto command = reader.optional_string("command");
  if (!command || command->empty()) {
    bad(reader.field_path("command"), command ? Json::Value(*command) : Json::Value(),
        "is required for kind \"exec\" (a /bin/sh command line)");
  }
  spec.command = *command;
  spec.reply_timeout_margin =
      decode_seconds(reader, "reply_timeout_margin", spec.reply_timeout_margin);
  spec.time = decode_time(reader, TimeMode::real_time);
  return spec;
}

// Longer than any path Linux accepts (PATH_MAX): not a file name.
constexpr std::size_t kMaxProfileSourceBytes = 4096;

// What every trex job has, stateless or stateful: how it reaches TRex and who it is there.
void decode_trex_connection(codec::ObjectReader& reader, TrexMeasurerSpec& spec) {
  spec.force_acquire = reader.optional_bool("force_acquire").value_or(false);
  if (const auto speed = reader.optional_number("speed")) {
    if (!(*speed > 0.0) || !std::isfinite(*speed)) {
      bad(reader.field_path("speed"), Json::Value(*speed), "must be a positive number");
    }
    spec.speed = *speed;
  }
  if (reader.has("reconnect_grace")) {
    spec.reconnect_grace = decode_seconds(reader, "reconnect_grace", measure::Seconds{0.0});
  }
  if (reader.has("rpc_timeout")) {
    spec.rpc_timeout = decode_seconds(reader, "rpc_timeout", measure::Seconds{0.0});
    if (!(spec.rpc_timeout.count() > 0.0)) {
      bad(reader.field_path("rpc_timeout"), Json::Value(spec.rpc_timeout.count()),
          "must be a positive number of seconds");
    }
  }
  if (const Json::Value* session = reader.optional_value("session_id")) {
    if (!session->isUInt() || session->isBool() || session->asUInt() == 0 ||
        (session->isDouble() && std::floor(session->asDouble()) != session->asDouble())) {
      bad(reader.field_path("session_id"), *session, "must be a whole number from 1 to 2^32-1");
    }
    spec.session_id = session->asUInt();
  } else {
    std::random_device device;
    std::uniform_int_distribution<std::uint32_t> pick(1, 0xFFFFFFFFu);
    spec.session_id = pick(device);
  }
}

// `ports`: the TRex ports a job uses, each 0 to 255.
std::vector<std::uint8_t> decode_ports(codec::ObjectReader& reader) {
  std::vector<std::uint8_t> ports;
  if (const Json::Value* value = reader.optional_value("ports")) {
    const Json::Value& list = codec::as_array(*value, reader.field_path("ports"));
    for (Json::ArrayIndex i = 0; i < list.size(); ++i) {
      const std::string path = codec::element_path(reader.field_path("ports"), i);
      const int port = codec::as_int(list[i], path);
      if (port < 0 || port > 255) bad(path, list[i], "must be a port number from 0 to 255");
      ports.push_back(static_cast<std::uint8_t>(port));
    }
  }
  return ports;
}

// Stateful traffic (docs/astf.md): its own profile and trial settings; the
// stateless ones do not apply and are refused as unknown keys.
void decode_trex_astf(codec::ObjectReader& reader, const Json::Value& astf,
                      TrexMeasurerSpec& spec) {
  if (reader.has("profile")) {
    bad(reader.field_path("profile"), Json::Value(),
        "give \"profile\" (stateless traffic) or \"astf\" (stateful traffic), not both");
  }
  spec.astf = decode_astf_job(astf, reader.field_path("astf"));
  spec.profile_source = spec.astf->profile.source;
  if (reader.has("ports")) {
    spec.ports = decode_ports(reader);
    spec.astf->trial.ports = spec.ports;
  }
}

// The stateless profile, decoded here once: the spec carries it as a value from now on.
void decode_trex_profile(codec::ObjectReader& reader, TrexMeasurerSpec& spec) {
  const Json::Value* profile = reader.optional_value("profile");
  if (profile == nullptr) {
    bad(reader.field_path("profile"), Json::Value(),
        "is required for kind \"trex\": the traffic profile as an object");
  }
  // Where the profile came from, as the client says (a label: never opened).
  spec.profile_source = reader.optional_string("profile_source").value_or("inline");
  if (spec.profile_source.empty() || spec.profile_source.size() > kMaxProfileSourceBytes) {
    bad(reader.field_path("profile_source"), Json::Value(spec.profile_source.substr(0, 64)),
        "must be 1 to " + std::to_string(kMaxProfileSourceBytes) + " bytes");
  }
  if (profile->isString()) {
    // The daemon never opens a path a client names: it runs as root, and a FIFO,
    // /dev/zero or someone else's file would block it, bloat it or leak bytes
    // into the error text; the unit's ProtectHome/PrivateTmp and relative paths
    // would resolve differently from the client's anyway.
    bad(reader.field_path("profile"), *profile,
        "the daemon does not read files named by clients; send the profile's contents as "
        "an object (trex-search submit reads the file and does so) and the path as "
        "measurer.profile_source");
  }
  if (!profile->isObject()) {
    bad(reader.field_path("profile"), *profile, "must be an object (the traffic profile)");
  }
  try {
    spec.profile = trex::decode_profile(*profile, spec.profile_source);
  } catch (const RequestError&) {
    throw;
  } catch (const std::exception& error) {
    throw RequestError(ResultCode::bad_request, reader.field_path("profile") + ": " + error.what());
  }
}

// The profile compiled with the job's counters, so that a bad profile fails at
// submission, not at the front of the queue; then the trial settings' own checks
// (settle_max >= settle_min, ...) with the directions the profile gives.
void check_trex_trial(const codec::ObjectReader& reader, const TrexMeasurerSpec& spec) {
  trex::TrexMeasurerConfig trial = spec.trial;
  try {
    trial.directions = trex::compile_profile(spec.profile, spec.trial.counters).directions;
  } catch (const measure::ConfigError& error) {
    throw RequestError(ResultCode::bad_request, reader.field_path("profile") + ": " + error.what());
  }
  try {
    trial.validate();
  } catch (const measure::ConfigError& error) {
    throw RequestError(ResultCode::bad_request, "measurer." + std::string(error.what()));
  }
}

TrexMeasurerSpec decode_trex(codec::ObjectReader& reader) {
  TrexMeasurerSpec spec;
  spec.endpoint = reader.optional_string("endpoint").value_or("");
  if (!spec.endpoint.empty() && spec.endpoint.rfind("tcp://", 0) != 0) {
    bad(reader.field_path("endpoint"), Json::Value(spec.endpoint), "must be tcp://HOST:PORT");
  }
  if (const Json::Value* astf = reader.optional_value("astf")) {
    decode_trex_astf(reader, *astf, spec);
    decode_trex_connection(reader, spec);
    return spec;
  }
  decode_trex_profile(reader, spec);
  spec.ports = decode_ports(reader);
  decode_trex_trial(reader, spec.trial);
  check_trex_trial(reader, spec);
  if (const auto speed = reader.optional_number("port_speed_gbps")) {
    if (!std::isfinite(*speed) || *speed <= 0.0 || *speed > 1000.0) {
      bad(reader.field_path("port_speed_gbps"), Json::Value(*speed),
          "must be a port speed in Gbit/s, above 0 and at most 1000");
    }
    spec.port_speed_gbps = *speed;
  }
  decode_trex_connection(reader, spec);
  return spec;
}

}  // namespace

MeasurerSpec decode_measurer(const Json::Value& json) {
  codec::ObjectReader reader(json, "measurer");
  const auto kind = reader.optional_string("kind");
  if (!kind) bad("measurer.kind", Json::Value(), "is required: \"sim\", \"exec\" or \"trex\"");
  MeasurerSpec spec;
  if (*kind == "sim") {
    spec = decode_sim(reader);
  } else if (*kind == "exec") {
    spec = decode_exec(reader);
  } else if (*kind == "trex") {
    spec = decode_trex(reader);
  } else {
    bad("measurer.kind", Json::Value(*kind), "must be \"sim\", \"exec\" or \"trex\"");
  }
  reader.reject_unknown_keys();
  return spec;
}

namespace {

// What decode_trex_connection reads (and the ports).
void encode_trex_connection(const TrexMeasurerSpec& spec, Json::Value& json) {
  Json::Value ports(Json::arrayValue);
  for (const std::uint8_t port : spec.ports) ports.append(port);
  if (!spec.ports.empty()) json["ports"] = ports;
  json["force_acquire"] = spec.force_acquire;
  json["speed"] = spec.speed;
  if (spec.reconnect_grace) json["reconnect_grace"] = spec.reconnect_grace->count();
  json["rpc_timeout"] = spec.rpc_timeout.count();
  json["session_id"] = Json::UInt{spec.session_id};
}

}  // namespace

Json::Value encode_measurer(const MeasurerSpec& measurer) {
  Json::Value json(Json::objectValue);
  json["kind"] = std::string(measurer_kind(measurer));
  if (const auto* sim = std::get_if<SimMeasurerSpec>(&measurer)) {
    json["model"] = sim->model;
    Json::Value options(Json::objectValue);
    for (const auto& [key, value] : sim->options) options[key] = value;
    json["options"] = options;
    json["seed"] = Json::UInt64{sim->seed};
    json["trial_overhead"] = sim->trial_overhead.count();
    json["time"] = std::string(to_string(sim->time));
  } else if (const auto* exec = std::get_if<ExecMeasurerSpec>(&measurer)) {
    json["command"] = exec->command;
    json["reply_timeout_margin"] = exec->reply_timeout_margin.count();
    json["time"] = std::string(to_string(exec->time));
  } else if (const auto* trex_spec = std::get_if<TrexMeasurerSpec>(&measurer)) {
    if (!trex_spec->endpoint.empty()) json["endpoint"] = trex_spec->endpoint;
    if (trex_spec->astf) {
      json["astf"] = encode_astf_job(*trex_spec->astf);
      encode_trex_connection(*trex_spec, json);
      return json;
    }
    // The profile as decoded at submission (a resumed job must not pick up an edited
    // file), whatever the source, with every default written out.
    json["profile"] = trex::encode_profile(trex_spec->profile);
    if (trex_spec->profile_source != "inline") json["profile_source"] = trex_spec->profile_source;
    encode_trex_connection(*trex_spec, json);
    encode_trex_trial(trex_spec->trial, json);
    if (trex_spec->port_speed_gbps) json["port_speed_gbps"] = *trex_spec->port_speed_gbps;
  }
  return json;
}

}  // namespace trexsearch::service
