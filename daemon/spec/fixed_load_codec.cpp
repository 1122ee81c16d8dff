#include "daemon/spec/fixed_load_codec.hpp"

#include <cmath>
#include <string>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/model/protocol_records.hpp"
#include "daemon/protocol/replies/trial_record_codec.hpp"
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

Json::Value encode_stats(const RateStats& stats) {
  Json::Value json(Json::objectValue);
  json["mean"] = stats.mean_pps;
  json["stdev"] = stats.stdev_pps;
  json["min"] = stats.min_pps;
  json["max"] = stats.max_pps;
  return json;
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
  Json::Value json(Json::objectValue);
  json["load"] = result.plan.load_pps;
  json["trial_duration"] = result.plan.trial_duration.count();
  json["trials_planned"] = Json::UInt64{result.plan.trial_count};
  json["stop_reason"] = std::string(to_string(result.stop_reason));
  json["stop_detail"] = result.stop_detail;
  // How the rates were computed, so nobody has to guess.
  json["rate_basis"] = "received frames / intended trial duration; stdev over trials (population)";
  json["receive_rate"] =
      result.receive_rate ? encode_stats(*result.receive_rate) : Json::Value(Json::nullValue);
  Json::Value directions(Json::arrayValue);
  for (const DirectionRateStats& direction : result.directions) {
    Json::Value entry = encode_stats(direction.receive_rate);
    entry["direction"] = direction.direction;
    directions.append(entry);
  }
  json["directions"] = directions;
  json["sut_loss_ratio"] = result.sut_loss_ratio;
  // The key result_not_clean() reads: a tester-limited trial's receive rate is the
  // tester's, so the result is not the SUT's.
  json["tester_limited"] = result.tester_limited();
  Json::Value limit(Json::objectValue);
  limit["trials"] = Json::UInt64{result.tester_limited_trials};
  limit["reached_pps"] = result.tester_reached_pps ? Json::Value(*result.tester_reached_pps)
                                                   : Json::Value(Json::nullValue);
  json["tester_limit"] = limit;
  if (result.plan.loss_ratio_threshold) {
    Json::Value threshold(Json::objectValue);
    threshold["loss_ratio"] = *result.plan.loss_ratio_threshold;
    threshold["action"] = result.plan.stop_on_threshold ? "stop" : "flag";
    threshold["intervals_over"] = Json::UInt64{result.intervals_over_threshold};
    threshold["first_over"] = result.first_over_threshold
                                  ? Json::Value(Json::UInt64{*result.first_over_threshold})
                                  : Json::Value(Json::nullValue);
    json["threshold"] = threshold;
  }
  Json::Value counters(Json::arrayValue);
  for (const std::string& source : result.counters) counters.append(source);
  json["counters"] = counters;
  Json::Value totals(Json::objectValue);
  totals["trial_count"] = Json::UInt64{result.trials.size()};
  double effective = 0.0;
  for (const FixedLoadTrial& trial : result.trials) {
    const auto& stored = trial.stored.trial;
    effective += stored.outcome.effective_duration.value_or(stored.intended_duration).count();
  }
  totals["effective_duration_sum"] = effective;
  json["totals"] = totals;
  Json::Value trials(Json::arrayValue);
  for (const FixedLoadTrial& trial : result.trials) {
    Json::Value entry = protocol::encode_trial_record(trial_record_of(trial.stored));
    entry["receive_rate"] = trial.receive_rate_pps;
    Json::Value rates(Json::arrayValue);
    for (const double rate : trial.direction_receive_rates_pps) rates.append(rate);
    entry["direction_receive_rates"] = rates;
    entry["sut_loss_ratio"] = trial.sut_loss_ratio;
    if (result.plan.loss_ratio_threshold) entry["over_threshold"] = trial.over_threshold;
    trials.append(entry);
  }
  json["trials"] = trials;
  return json;
}

}  // namespace trexsearch::service
