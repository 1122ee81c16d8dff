#include "daemon/codec/latency_codec.hpp"

#include <cmath>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/codec/trial_detail_codec.hpp"
#include "measure/errors.hpp"

namespace trexsearch::codec {
namespace {

Json::Value optional_us(const std::optional<std::uint64_t>& value) {
  return value ? Json::Value(Json::UInt64{*value}) : Json::Value();
}

std::uint64_t as_count(const Json::Value& json, const std::string& path) {
  if (!json.isUInt64() || json.isBool() ||
      (json.isDouble() && std::floor(json.asDouble()) != json.asDouble())) {
    throw measure::ConfigError(path, quote_json(json), "must be a whole number >= 0");
  }
  return json.asUInt64();
}

std::uint64_t count_at(const Json::Value& object, const char* key, const std::string& path) {
  if (!object.isMember(key) || object[key].isNull()) return 0;
  return as_count(object[key], member_path(path, key));
}

std::optional<std::uint64_t> optional_count(const Json::Value& object, const char* key,
                                            const std::string& path) {
  if (!object.isMember(key) || object[key].isNull()) return std::nullopt;
  return as_count(object[key], member_path(path, key));
}

measure::PercentileMethod decode_method(const Json::Value& json, const std::string& path) {
  const std::string text = as_string(json, path);
  for (const auto method : {measure::PercentileMethod::hdrh, measure::PercentileMethod::buckets,
                            measure::PercentileMethod::none}) {
    if (text == measure::to_string(method)) return method;
  }
  throw measure::ConfigError(path, text, "must be hdrh, buckets or none");
}

void require_object(const Json::Value& json, const std::string& path) {
  if (!json.isObject()) throw measure::ConfigError(path, quote_json(json), "must be an object");
}

std::vector<std::string> decode_strings(const Json::Value& object, const char* key,
                                        const std::string& path) {
  std::vector<std::string> items;
  if (!object.isMember(key) || object[key].isNull()) return items;
  const Json::Value& list = as_array(object[key], member_path(path, key));
  for (Json::ArrayIndex i = 0; i < list.size(); ++i) {
    items.push_back(as_string(list[i], element_path(member_path(path, key), i)));
  }
  return items;
}

Json::Value strings(const std::vector<std::string>& items) {
  Json::Value list(Json::arrayValue);
  for (const std::string& item : items) list.append(item);
  return list;
}

}  // namespace

Json::Value encode_direction_latency(const measure::DirectionLatency& latency,
                                     LatencyHistograms histograms) {
  Json::Value json(Json::objectValue);
  json["direction"] = latency.name;
  json["pg_id"] = Json::UInt{latency.pg_id};
  json["rate_pps"] = latency.rate_pps;
  json["sent"] = Json::UInt64{latency.sent};
  json["received"] = Json::UInt64{latency.received};
  json["lost"] = latency.sent >= latency.received ? Json::Int64(latency.sent - latency.received)
                                                  : -Json::Int64(latency.received - latency.sent);
  Json::Value errors(Json::objectValue);
  errors["dropped"] = Json::UInt64{latency.errors.dropped};
  errors["out_of_order"] = Json::UInt64{latency.errors.out_of_order};
  errors["duplicate"] = Json::UInt64{latency.errors.duplicate};
  errors["seq_too_high"] = Json::UInt64{latency.errors.seq_too_high};
  errors["seq_too_low"] = Json::UInt64{latency.errors.seq_too_low};
  json["errors"] = errors;
  const measure::LatencySummary& summary = latency.summary;
  json["samples"] = Json::UInt64{summary.samples};
  json["min_us"] = Json::UInt64{summary.min_us};
  // Integer microseconds is what TRex resolves; the store keeps the exact mean.
  json["mean_us"] = histograms == LatencyHistograms::keep
                        ? Json::Value(summary.mean_us)
                        : Json::Value(Json::UInt64{static_cast<std::uint64_t>(
                              std::llround(std::max(summary.mean_us, 0.0)))});
  json["max_us"] = Json::UInt64{summary.max_us};
  json["jitter_us"] = optional_us(summary.jitter_us);
  json["p50_us"] = optional_us(summary.p50_us);
  json["p90_us"] = optional_us(summary.p90_us);
  json["p99_us"] = optional_us(summary.p99_us);
  json["p999_us"] = optional_us(summary.p999_us);
  json["method"] = measure::to_string(summary.method);
  json["resolution_us"] = Json::UInt64{summary.resolution_us};
  if (histograms == LatencyHistograms::keep) {
    if (!latency.hdrh.empty()) json["hdrh"] = latency.hdrh;
    Json::Value buckets(Json::arrayValue);
    for (const auto& [edge, count] : latency.buckets) {
      Json::Value pair(Json::arrayValue);
      pair.append(Json::UInt64{edge});
      pair.append(Json::UInt64{count});
      buckets.append(pair);
    }
    json["buckets"] = buckets;
  }
  return json;
}

namespace {

// The loss errors TRex counted for the stream (optional as a whole).
void decode_latency_errors(const Json::Value& json, const std::string& path,
                           measure::DirectionLatency& latency) {
  if (json.isMember("errors") && !json["errors"].isNull()) {
    const std::string errors_path = member_path(path, "errors");
    const Json::Value& errors = json["errors"];
    require_object(errors, errors_path);
    latency.errors.dropped = count_at(errors, "dropped", errors_path);
    latency.errors.out_of_order = count_at(errors, "out_of_order", errors_path);
    latency.errors.duplicate = count_at(errors, "duplicate", errors_path);
    latency.errors.seq_too_high = count_at(errors, "seq_too_high", errors_path);
    latency.errors.seq_too_low = count_at(errors, "seq_too_low", errors_path);
  }
}

void decode_latency_summary(const Json::Value& json, const std::string& path,
                            measure::LatencySummary& summary) {
  summary.samples = count_at(json, "samples", path);
  summary.min_us = count_at(json, "min_us", path);
  if (json.isMember("mean_us") && !json["mean_us"].isNull()) {
    summary.mean_us = as_number(json["mean_us"], member_path(path, "mean_us"));
  }
  summary.max_us = count_at(json, "max_us", path);
  summary.jitter_us = optional_count(json, "jitter_us", path);
  summary.p50_us = optional_count(json, "p50_us", path);
  summary.p90_us = optional_count(json, "p90_us", path);
  summary.p99_us = optional_count(json, "p99_us", path);
  summary.p999_us = optional_count(json, "p999_us", path);
  if (json.isMember("method") && !json["method"].isNull()) {
    summary.method = decode_method(json["method"], member_path(path, "method"));
  }
  summary.resolution_us = count_at(json, "resolution_us", path);
}

// The bucket histogram: [lower edge us, samples] pairs (optional).
void decode_latency_buckets(const Json::Value& json, const std::string& path,
                            measure::DirectionLatency& latency) {
  if (json.isMember("buckets") && !json["buckets"].isNull()) {
    const std::string buckets_path = member_path(path, "buckets");
    const Json::Value& buckets = as_array(json["buckets"], buckets_path);
    for (Json::ArrayIndex i = 0; i < buckets.size(); ++i) {
      const std::string pair_path = element_path(buckets_path, i);
      const Json::Value& pair = as_array(buckets[i], pair_path);
      if (pair.size() != 2) {
        throw measure::ConfigError(pair_path, quote_json(pair), "must be [lower edge us, samples]");
      }
      latency.buckets[as_count(pair[0], element_path(pair_path, 0))] =
          as_count(pair[1], element_path(pair_path, 1));
    }
  }
}

}  // namespace

measure::DirectionLatency decode_direction_latency(const Json::Value& json,
                                                   const std::string& path) {
  require_object(json, path);
  measure::DirectionLatency latency;
  latency.name = json.isMember("direction")
                     ? as_string(json["direction"], member_path(path, "direction"))
                     : "";
  const std::uint64_t pg_id = count_at(json, "pg_id", path);
  if (pg_id > 0xFFFFFFFFu)
    throw measure::ConfigError(member_path(path, "pg_id"), std::to_string(pg_id),
                               "must fit 32 bits");
  latency.pg_id = static_cast<std::uint32_t>(pg_id);
  if (json.isMember("rate_pps") && !json["rate_pps"].isNull()) {
    latency.rate_pps = as_number(json["rate_pps"], member_path(path, "rate_pps"));
    if (!(latency.rate_pps >= 0.0)) {
      throw measure::ConfigError(member_path(path, "rate_pps"),
                                 measure::format_value(latency.rate_pps), "must be a rate >= 0");
    }
  }
  latency.sent = count_at(json, "sent", path);
  latency.received = count_at(json, "received", path);
  decode_latency_errors(json, path, latency);
  decode_latency_summary(json, path, latency.summary);
  if (json.isMember("hdrh") && !json["hdrh"].isNull()) {
    latency.hdrh = as_string(json["hdrh"], member_path(path, "hdrh"));
  }
  decode_latency_buckets(json, path, latency);
  return latency;
}

Json::Value encode_latency_list(const std::vector<measure::DirectionLatency>& latency,
                                LatencyHistograms histograms) {
  Json::Value list(Json::arrayValue);
  for (const auto& direction : latency)
    list.append(encode_direction_latency(direction, histograms));
  return list;
}

std::vector<measure::DirectionLatency> decode_latency_list(const Json::Value& json,
                                                           const std::string& path) {
  std::vector<measure::DirectionLatency> latency;
  if (json.isNull()) return latency;
  const Json::Value& list = as_array(json, path);
  for (Json::ArrayIndex i = 0; i < list.size(); ++i) {
    latency.push_back(decode_direction_latency(list[i], element_path(path, i)));
  }
  return latency;
}

Json::Value encode_latency_point(const latency::LatencyPoint& point) {
  Json::Value json(Json::objectValue);
  json["goal"] = point.goal;
  json["fraction"] = point.fraction;
  json["load_pps"] = point.load_pps;
  json["duration"] = point.duration.count();
  json["trial"] = Json::UInt64{point.trial};
  json["loss_ratio"] = point.loss_ratio;
  json["directions"] = encode_latency_list(point.directions, LatencyHistograms::leave_out);
  json["notes"] = encode_notes(point.notes);
  return json;
}

latency::LatencyPoint decode_latency_point(const Json::Value& json, const std::string& path) {
  require_object(json, path);
  latency::LatencyPoint point;
  point.goal = as_string(json["goal"], member_path(path, "goal"));
  point.fraction = as_number(json["fraction"], member_path(path, "fraction"));
  point.load_pps = as_number(json["load_pps"], member_path(path, "load_pps"));
  if (json.isMember("duration")) {
    point.duration = measure::Seconds{as_number(json["duration"], member_path(path, "duration"))};
  }
  point.trial = static_cast<std::size_t>(count_at(json, "trial", path));
  if (json.isMember("loss_ratio")) {
    point.loss_ratio = as_number(json["loss_ratio"], member_path(path, "loss_ratio"));
  }
  point.directions = decode_latency_list(json["directions"], member_path(path, "directions"));
  point.notes = optional_notes(json, "notes", path);
  return point;
}

void encode_latency_phase(const latency::LatencyPhaseResult& phase, Json::Value& result) {
  Json::Value points(Json::arrayValue);
  for (const auto& point : phase.points) points.append(encode_latency_point(point));
  result["latency"] = points;
  result["latency_notes"] = strings(phase.notes);
}

latency::LatencyPhaseResult decode_latency_phase(const Json::Value& result,
                                                 const std::string& path) {
  latency::LatencyPhaseResult phase;
  if (result.isMember("latency") && !result["latency"].isNull()) {
    const std::string list_path = member_path(path, "latency");
    const Json::Value& list = as_array(result["latency"], list_path);
    for (Json::ArrayIndex i = 0; i < list.size(); ++i) {
      phase.points.push_back(decode_latency_point(list[i], element_path(list_path, i)));
    }
  }
  phase.notes = decode_strings(result, "latency_notes", path);
  return phase;
}

Json::Value encode_latency_trend(const latency::LatencyTrend& trend) {
  Json::Value json(Json::objectValue);
  json["percentile"] = "p99";
  json["flagged"] = trend.flagged();
  Json::Value directions(Json::arrayValue);
  for (const auto& direction : trend.directions) {
    Json::Value item(Json::objectValue);
    item["direction"] = direction.direction;
    item["points"] = Json::UInt64{direction.points};
    item["judged"] = direction.judged;
    item["flagged"] = direction.flagged;
    item["first_quarter_us"] = direction.first_quarter_us;
    item["last_quarter_us"] = direction.last_quarter_us;
    item["growth_us"] = direction.growth_us;
    item["noise_us"] = direction.noise_us;
    item["threshold_us"] = direction.threshold_us;
    item["slope_us_per_hour"] = direction.slope_us_per_hour;
    directions.append(item);
  }
  json["directions"] = directions;
  return json;
}

latency::LatencyTrend decode_latency_trend(const Json::Value& json, const std::string& path) {
  require_object(json, path);
  latency::LatencyTrend trend;
  const std::string list_path = member_path(path, "directions");
  const Json::Value& list = as_array(json["directions"], list_path);
  for (Json::ArrayIndex i = 0; i < list.size(); ++i) {
    const std::string item_path = element_path(list_path, i);
    const Json::Value& item = list[i];
    require_object(item, item_path);
    latency::DirectionLatencyTrend direction;
    direction.direction = as_string(item["direction"], member_path(item_path, "direction"));
    direction.points = static_cast<std::size_t>(count_at(item, "points", item_path));
    direction.judged = as_bool(item["judged"], member_path(item_path, "judged"));
    direction.flagged = as_bool(item["flagged"], member_path(item_path, "flagged"));
    const auto number = [&](const char* key) {
      return as_number(item[key], member_path(item_path, key));
    };
    direction.first_quarter_us = number("first_quarter_us");
    direction.last_quarter_us = number("last_quarter_us");
    direction.growth_us = number("growth_us");
    direction.noise_us = number("noise_us");
    direction.threshold_us = number("threshold_us");
    direction.slope_us_per_hour = number("slope_us_per_hour");
    trend.directions.push_back(direction);
  }
  return trend;
}

}  // namespace trexsearch::codec
