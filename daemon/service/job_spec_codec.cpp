#include "daemon/service/job_spec_codec.hpp"

#include <cmath>
#include <functional>

#include "daemon/codec/controller_config_codec.hpp"
#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/service/service_errors.hpp"
#include "search/errors.hpp"

namespace trexsearch::service {
namespace {

[[noreturn]] void bad(const std::string& path, const Json::Value& value,
                      const std::string& reason) {
  throw ConfigError(path, codec::quote_json(value), reason);
}

// Codec errors name paths relative to the object they decoded; the submitter
// needs them relative to the request ("spec.goals[1].exceed_ratio").
template <typename Decode>
auto with_path_prefix(const std::string& prefix, Decode decode) {
  try {
    return decode();
  } catch (const ConfigError& error) {
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

Seconds decode_seconds(codec::ObjectReader& reader, std::string_view key, Seconds fallback) {
  const auto value = reader.optional_number(key);
  if (!value) return fallback;
  if (*value < 0.0) bad(reader.field_path(key), Json::Value(*value), "must be >= 0 seconds");
  return Seconds{*value};
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
  } catch (const ConfigError& error) {
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
    throw NotSupportedError("measurer.kind", "\"trex\"",
                            "the TRex measurer is not supported by this trex-searchd yet");
  } else {
    bad("measurer.kind", Json::Value(*kind), "must be \"sim\", \"exec\" or \"trex\"");
  }
  reader.reject_unknown_keys();
  return spec;
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
  }
  return json;
}

}  // namespace

JobSpec decode_job_spec(const Json::Value& json) {
  try {
    codec::ObjectReader reader(json, "");
    JobSpec spec;
    spec.name = reader.optional_string("name").value_or("");
    const std::string method = reader.optional_string("method").value_or("mlr");
    if (method == "plr") {
      throw NotSupportedError("method", "\"plr\"",
                              "PLRsearch jobs are not supported by this trex-searchd yet");
    }
    if (method != "mlr") bad("method", Json::Value(method), "must be \"mlr\" or \"plr\"");
    spec.method = SearchMethod::mlr;

    const Json::Value* search = reader.optional_value("spec");
    if (search == nullptr) bad("spec", Json::Value(), "is required: the MLRsearch spec");
    if (!search->isObject()) bad("spec", *search, "must be an object");
    spec.mlr = with_path_prefix("spec", [&] { return codec::decode_controller_config(*search); });

    const Json::Value* measurer = reader.optional_value("measurer");
    if (measurer == nullptr) {
      bad("measurer", Json::Value(), "is required: {\"kind\": \"sim\" | \"exec\" | \"trex\", ...}");
    }
    spec.measurer = decode_measurer(*measurer);
    spec.profile = reader.optional_string("profile").value_or("");
    reader.reject_unknown_keys();
    return spec;
  } catch (const ConfigError& error) {
    throw RequestError(ResultCode::bad_request, error.what());
  }
}

Json::Value encode_job_spec(const JobSpec& spec) {
  Json::Value json(Json::objectValue);
  json["name"] = spec.name;
  json["method"] = std::string(to_string(spec.method));
  json["spec"] = codec::encode_controller_config(spec.mlr);
  json["measurer"] = encode_measurer(spec.measurer);
  json["profile"] = spec.profile;
  return json;
}

}  // namespace trexsearch::service
