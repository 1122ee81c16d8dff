#include "daemon/spec/fixed_load_codec.hpp"

#include <cmath>
#include <string>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/model/protocol_records.hpp"
#include "daemon/protocol/replies/result_document_codec.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

[[noreturn]] void bad(const std::string& path, const Json::Value& value,
                      const std::string& reason) {
  throw measure::ConfigError(path, codec::quote_json(value), reason);
}

double decode_load(codec::ObjectReader& reader) {
  const auto load = reader.optional_number("load");
  if (!load) bad("load", Json::Value(), "is required: the load every trial offers");
  if (!std::isfinite(*load) || *load <= 0.0) {
    bad("load", Json::Value(*load), "must be a positive load");
  }
  return *load;
}

measure::Seconds decode_positive_seconds(codec::ObjectReader& reader, std::string_view key,
                                         measure::Seconds fallback) {
  const auto value = reader.optional_number(key);
  if (!value) return fallback;
  if (!std::isfinite(*value) || *value <= 0.0) {
    bad(reader.field_path(key), Json::Value(*value), "must be a positive number of seconds");
  }
  return measure::Seconds{*value};
}

}  // namespace

MrrSpec decode_mrr_spec(const Json::Value& json) {
  codec::ObjectReader reader(json, "");
  MrrSpec spec;
  spec.load_pps = decode_load(reader);
  spec.trial_duration = decode_positive_seconds(reader, "trial_duration", spec.trial_duration);
  if (const Json::Value* trials = reader.optional_value("trials")) {
    if (!trials->isUInt() || trials->isBool() ||
        (trials->isDouble() && std::floor(trials->asDouble()) != trials->asDouble()) ||
        trials->asUInt() < 1 || trials->asUInt() > 100000) {
      bad("trials", *trials, "must be a whole number of trials from 1 to 100000");
    }
    spec.trial_count = trials->asUInt();
  }
  reader.reject_unknown_keys();
  return spec;
}

Json::Value encode_mrr_spec(const MrrSpec& spec) {
  Json::Value json(Json::objectValue);
  json["load"] = spec.load_pps;
  json["trial_duration"] = spec.trial_duration.count();
  json["trials"] = Json::UInt64{spec.trial_count};
  return json;
}

SoakSpec decode_soak_spec(const Json::Value& json) {
  codec::ObjectReader reader(json, "");
  SoakSpec spec;
  spec.load_pps = decode_load(reader);
  spec.interval = decode_positive_seconds(reader, "interval", spec.interval);
  spec.duration = decode_positive_seconds(reader, "duration", spec.duration);
  if (spec.duration < spec.interval) {
    bad("duration", Json::Value(spec.duration.count()),
        "must be at least one interval (" + measure::format_value(spec.interval.count()) + " s)");
  }
  if (spec.interval_count() > 100000) {
    bad("interval", Json::Value(spec.interval.count()),
        "gives more than 100000 intervals in the duration; use longer intervals");
  }
  if (const auto threshold = reader.optional_number("loss_ratio_threshold")) {
    if (!(*threshold >= 0.0 && *threshold < 1.0)) {
      bad("loss_ratio_threshold", Json::Value(*threshold), "must be from 0 (any loss) to below 1");
    }
    spec.loss_ratio_threshold = *threshold;
  }
  if (const auto action = reader.optional_string("on_threshold")) {
    if (*action == "stop") {
      spec.on_threshold = SoakAction::stop;
    } else if (*action == "flag") {
      spec.on_threshold = SoakAction::flag;
    } else {
      bad("on_threshold", Json::Value(*action), "must be \"stop\" or \"flag\"");
    }
  }
  reader.reject_unknown_keys();
  return spec;
}

Json::Value encode_soak_spec(const SoakSpec& spec) {
  Json::Value json(Json::objectValue);
  json["load"] = spec.load_pps;
  json["interval"] = spec.interval.count();
  json["duration"] = spec.duration.count();
  json["loss_ratio_threshold"] = spec.loss_ratio_threshold;
  json["on_threshold"] = spec.on_threshold == SoakAction::stop ? "stop" : "flag";
  return json;
}

Json::Value encode_fixed_load_result(const FixedLoadResult& result) {
  // The protocol's view is the one writer of the result document's shape.
  return protocol::encode_fixed_load_document(fixed_load_view_of(result));
}

}  // namespace trexsearch::service
