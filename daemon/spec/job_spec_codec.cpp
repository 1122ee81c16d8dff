#include "daemon/spec/job_spec_codec.hpp"

#include <cmath>
#include <functional>
#include <random>

#include "daemon/codec/controller_config_codec.hpp"
#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/codec/plr_config_codec.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/model/service_errors.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/spec/astf_job_codec.hpp"
#include "daemon/spec/fixed_load_codec.hpp"
#include "daemon/spec/job_hooks_codec.hpp"
#include "daemon/spec/job_spec_bounds.hpp"
#include "daemon/spec/latency_spec_codec.hpp"
#include "daemon/spec/load_units.hpp"
#include "daemon/spec/load_units_codec.hpp"
#include "daemon/spec/trex_trial_codec.hpp"
#include "measure/errors.hpp"
#include "trex_client/codec/profile_codec.hpp"
#include "trex_client/tester/trex_tester.hpp"

namespace trexsearch::service {
namespace {

[[noreturn]] void bad(const std::string& path, const Json::Value& value,
                      const std::string& reason) {
  throw measure::ConfigError(path, codec::quote_json(value), reason);
}

// Codec errors name paths relative to the object they decoded; the submitter
// needs them relative to the request ("spec.goals[1].exceed_ratio").
template <typename Decode>
auto with_path_prefix(const std::string& prefix, Decode decode) {
  try {
    return decode();
  } catch (const measure::ConfigError& error) {
    throw RequestError(ResultCode::bad_request, prefix + "." + error.what());
  }
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

TrexMeasurerSpec decode_trex(codec::ObjectReader& reader) {
  TrexMeasurerSpec spec;
  std::vector<trex::TrafficDirection> directions;
  spec.endpoint = reader.optional_string("endpoint").value_or("");
  if (!spec.endpoint.empty() && spec.endpoint.rfind("tcp://", 0) != 0) {
    bad(reader.field_path("endpoint"), Json::Value(spec.endpoint), "must be tcp://HOST:PORT");
  }
  if (const Json::Value* astf = reader.optional_value("astf")) {
    // Stateful traffic (docs/astf.md): its own profile and trial settings; the
    // stateless ones do not apply and are refused as unknown keys.
    if (reader.has("profile")) {
      bad(reader.field_path("profile"), Json::Value(),
          "give \"profile\" (stateless traffic) or \"astf\" (stateful traffic), not both");
    }
    spec.astf = decode_astf_job(*astf, reader.field_path("astf"));
    spec.profile_source = spec.astf->profile.source;
    if (const Json::Value* ports = reader.optional_value("ports")) {
      spec.astf->trial.ports.clear();
      const Json::Value& list = codec::as_array(*ports, reader.field_path("ports"));
      for (Json::ArrayIndex i = 0; i < list.size(); ++i) {
        const std::string path = codec::element_path(reader.field_path("ports"), i);
        const int port = codec::as_int(list[i], path);
        if (port < 0 || port > 255) bad(path, list[i], "must be a port number from 0 to 255");
        spec.astf->trial.ports.push_back(static_cast<std::uint8_t>(port));
        spec.ports.push_back(static_cast<std::uint8_t>(port));
      }
    }
    decode_trex_connection(reader, spec);
    return spec;
  }
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
    // Decoded here, once: the spec carries the profile as a value from now on.
    spec.profile = trex::decode_profile(*profile, spec.profile_source);
  } catch (const RequestError&) {
    throw;
  } catch (const measure::ConfigError& error) {
    throw RequestError(ResultCode::bad_request, reader.field_path("profile") + ": " + error.what());
  } catch (const std::exception& error) {
    throw RequestError(ResultCode::bad_request, reader.field_path("profile") + ": " + error.what());
  }
  if (const Json::Value* ports = reader.optional_value("ports")) {
    const Json::Value& list = codec::as_array(*ports, reader.field_path("ports"));
    for (Json::ArrayIndex i = 0; i < list.size(); ++i) {
      const std::string path = codec::element_path(reader.field_path("ports"), i);
      const int port = codec::as_int(list[i], path);
      if (port < 0 || port > 255) bad(path, list[i], "must be a port number from 0 to 255");
      spec.ports.push_back(static_cast<std::uint8_t>(port));
    }
  }
  decode_trex_trial(reader, spec.trial);
  try {
    // Compiled too, with the job's counters, so that a bad profile fails at
    // submission, not at the front of the queue.
    directions = trex::compile_profile(spec.profile, spec.trial.counters).directions;
  } catch (const measure::ConfigError& error) {
    throw RequestError(ResultCode::bad_request, reader.field_path("profile") + ": " + error.what());
  }
  {
    // The trial settings' own checks (settle_max >= settle_min, ...), with the
    // directions the profile gives.
    trex::TrexMeasurerConfig trial = spec.trial;
    trial.directions = directions;
    try {
      trial.validate();
    } catch (const measure::ConfigError& error) {
      throw RequestError(ResultCode::bad_request, "measurer." + std::string(error.what()));
    }
  }
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

// Loads in % or bit rates need a line rate in frames: refused where there is none.
void check_line_rate_known(const MeasurerSpec& measurer) {
  if (is_astf_job(measurer)) {
    throw RequestError(ResultCode::bad_request,
                       "an ASTF job's loads are connections (transactions) per second: % of "
                       "line rate and bit rates do not apply; give numbers or cps, kcps, mcps");
  }
  const auto* trex_spec = std::get_if<TrexMeasurerSpec>(&measurer);
  if (trex_spec != nullptr && !trex::mean_frame_bytes(trex_spec->profile)) {
    throw RequestError(ResultCode::bad_request,
                       "the loads are in % or bit rates, which need the profile's mean frame "
                       "size, and a field engine in its trex_streams varies the frame size "
                       "(trim_pkt_size); give the profile's \"mean_frame_size\" or loads in pps");
  }
}

// The spec with min_load/max_load in pps (docs/loads.md). A trex measurer without a
// stated port speed asks TRex (probe) at submission: needed for users' units, and
// worth it anyway so that a max_load above line rate is refused now, not when the
// job reaches the front of the queue. A TRex that cannot answer only matters when a
// load needs the port speed.
Json::Value loads_in_pps(const Json::Value& search, MeasurerSpec& measurer,
                         const PortSpeedProbe& probe) {
  std::vector<std::pair<std::string, LoadValue>> loads;
  bool needs_line_rate = false;
  for (const char* key : {"min_load", "max_load", "load"}) {
    if (!search.isMember(key) || search[key].isNull()) continue;
    LoadValue load = parse_load(search[key], codec::member_path("spec", key));
    needs_line_rate = needs_line_rate || load.needs_line_rate();
    loads.emplace_back(key, std::move(load));
  }
  auto* trex_spec = std::get_if<TrexMeasurerSpec>(&measurer);
  if (needs_line_rate) check_line_rate_known(measurer);
  if (trex_spec != nullptr && !trex_spec->astf && !trex_spec->port_speed_gbps && probe) {
    const std::variant<double, std::string> answer = probe(*trex_spec);
    if (const double* speed = std::get_if<double>(&answer)) {
      trex_spec->port_speed_gbps = *speed;
    } else if (needs_line_rate) {
      throw RequestError(ResultCode::bad_request,
                         "the loads are in % or bit rates, which need the port speed, and " +
                             std::get<std::string>(answer) +
                             "; give the measurer's \"port_speed_gbps\" or submit when TRex "
                             "answers");
    }
  }
  const std::optional<trex::LineRate> line =
      trex_spec != nullptr ? job_line_rate(*trex_spec) : std::nullopt;
  Json::Value converted = search;
  for (const auto& [key, load] : loads) {
    converted[key] = to_pps(load, line, codec::member_path("spec", key), is_astf_job(measurer));
  }
  return converted;
}

void check_line_rate(const TrexMeasurerSpec& spec) {
  const std::optional<trex::LineRate> line = job_line_rate(spec);
  if (!line || !spec.max_load_pps) return;
  if (const auto problem = trex::max_load_above_line_rate(*spec.max_load_pps, *line)) {
    throw RequestError(ResultCode::bad_request, "spec." + *problem);
  }
}

}  // namespace

JobSpec decode_job_spec(const Json::Value& json, const PortSpeedProbe& probe) {
  try {
    codec::ObjectReader reader(json, "");
    JobSpec spec;
    spec.name = reader.optional_string("name").value_or("");
    const std::string method = reader.optional_string("method").value_or("mlr");
    if (method == "mlr") {
      spec.method = SearchMethod::mlr;
    } else if (method == "plr") {
      spec.method = SearchMethod::plr;
    } else if (method == "mrr") {
      spec.method = SearchMethod::mrr;
    } else if (method == "soak") {
      spec.method = SearchMethod::soak;
    } else {
      bad("method", Json::Value(method), "must be \"mlr\", \"plr\", \"mrr\" or \"soak\"");
    }

    // The measurer first: loads in users' units need its profile and port speed.
    const Json::Value* measurer = reader.optional_value("measurer");
    if (measurer == nullptr) {
      bad("measurer", Json::Value(), "is required: {\"kind\": \"sim\" | \"exec\" | \"trex\", ...}");
    }
    spec.measurer = decode_measurer(*measurer);
    if (const auto testbed = reader.optional_string("testbed")) {
      auto* trex_spec = std::get_if<TrexMeasurerSpec>(&spec.measurer);
      if (trex_spec == nullptr) {
        bad("testbed", Json::Value(*testbed),
            "is for trex jobs: sim and exec jobs use no TRex testbed");
      }
      if (testbed->empty() || testbed->size() > 64) {
        bad("testbed", Json::Value(*testbed), "must be a testbed's name, 1 to 64 bytes");
      }
      trex_spec->testbed = *testbed;
    }

    const Json::Value* search = reader.optional_value("spec");
    if (search == nullptr) {
      bad("spec", Json::Value(),
          spec.method == SearchMethod::plr ? "is required: the PLRsearch spec (PLR.json)"
          : spec.method == SearchMethod::mrr
              ? "is required: {\"load\", \"trial_duration\", \"trials\"}"
          : spec.method == SearchMethod::soak
              ? "is required: {\"load\", \"interval\", \"duration\", "
                "\"loss_ratio_threshold\", \"on_threshold\"}"
              : "is required: the MLRsearch spec");
    }
    if (!search->isObject()) bad("spec", *search, "must be an object");
    const Json::Value search_pps = loads_in_pps(*search, spec.measurer, probe);
    if (spec.method == SearchMethod::plr) {
      spec.plr = with_path_prefix("spec", [&] { return codec::decode_plr_config(search_pps); });
    } else if (spec.method == SearchMethod::mrr) {
      spec.mrr = with_path_prefix("spec", [&] { return decode_mrr_spec(search_pps); });
    } else if (spec.method == SearchMethod::soak) {
      spec.soak = with_path_prefix("spec", [&] { return decode_soak_spec(search_pps); });
    } else {
      spec.mlr =
          with_path_prefix("spec", [&] { return codec::decode_controller_config(search_pps); });
    }
    // An ASTF job's loads are connections per second; its searches' texts say so.
    if (is_astf_job(spec.measurer)) {
      spec.mlr.load_unit = "cps";
      spec.plr.load_unit = "cps";
    }
    if (auto* trex_spec = std::get_if<TrexMeasurerSpec>(&spec.measurer)) {
      trex_spec->max_load_pps = spec.method == SearchMethod::plr ? spec.plr.max_load_pps
                                : is_fixed_load(spec.method)     ? fixed_load_plan(spec).load_pps
                                                                 : spec.mlr.max_load_pps;
      check_line_rate(*trex_spec);
    }
    if (const auto resume = reader.optional_string("plr_resume")) {
      if (spec.method != SearchMethod::plr) {
        bad("plr_resume", Json::Value(*resume), "applies to method \"plr\" only");
      }
      if (*resume == "deadline") {
        spec.plr_resume = PlrResume::deadline;
      } else if (*resume == "remaining") {
        spec.plr_resume = PlrResume::remaining;
      } else {
        bad("plr_resume", Json::Value(*resume), "must be \"deadline\" or \"remaining\"");
      }
    }

    // After the search spec: latency.goals names its goals.
    decode_latency_spec(reader.optional_value("latency"), spec);

    spec.hooks = decode_job_hooks(reader.optional_value("hooks"));
    spec.profile = reader.optional_string("profile").value_or("");
    if (const auto* trex_spec = std::get_if<TrexMeasurerSpec>(&spec.measurer);
        trex_spec != nullptr && spec.profile.empty()) {
      spec.profile = trex_spec->profile_source;
    }
    reader.reject_unknown_keys();
    check_job_spec_bounds(spec);
    return spec;
  } catch (const measure::ConfigError& error) {
    throw RequestError(ResultCode::bad_request, error.what());
  }
}

Json::Value encode_job_spec(const JobSpec& spec) {
  Json::Value json(Json::objectValue);
  json["name"] = spec.name;
  json["method"] = std::string(to_string(spec.method));
  if (spec.method == SearchMethod::plr) {
    json["spec"] = codec::encode_plr_config(spec.plr);
    if (spec.plr_resume) json["plr_resume"] = std::string(to_string(*spec.plr_resume));
  } else if (spec.method == SearchMethod::mrr) {
    json["spec"] = encode_mrr_spec(spec.mrr);
  } else if (spec.method == SearchMethod::soak) {
    json["spec"] = encode_soak_spec(spec.soak);
  } else {
    json["spec"] = codec::encode_controller_config(spec.mlr);
  }
  json["measurer"] = encode_measurer(spec.measurer);
  if (const auto* trex_spec = std::get_if<TrexMeasurerSpec>(&spec.measurer);
      trex_spec != nullptr && !trex_spec->testbed.empty()) {
    json["testbed"] = trex_spec->testbed;
  }
  encode_latency_spec(spec, json);
  json["profile"] = spec.profile;
  // Only when there are: job records stored before hooks existed read back equal.
  if (!spec.hooks.empty()) json["hooks"] = encode_job_hooks(spec.hooks);
  return json;
}

JobSpec decode_job_spec(const protocol::Document& job, const PortSpeedProbe& probe) {
  return decode_job_spec(protocol::json_of(job), probe);
}

JobSpec stored_job_spec(const JobRecord& record) {
  return decode_job_spec(codec::parse_strict_json(record.spec_json, "stored spec"));
}

}  // namespace trexsearch::service
