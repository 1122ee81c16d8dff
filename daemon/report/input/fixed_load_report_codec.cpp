// JSON in: the daemon's MRR/soak result document into FixedLoadReportData.
#include <string>

#include "daemon/report/input/fixed_load_report_codec.hpp"
#include "measure/errors.hpp"

namespace trexsearch::report {
namespace {

std::optional<double> optional_number(const Json::Value& value) {
  return value.isNumeric() ? std::optional(value.asDouble()) : std::nullopt;
}

FixedLoadReportTrial decode_trial(const Json::Value& json) {
  FixedLoadReportTrial trial;
  trial.number = json["number"].asUInt64();
  trial.started_at_s = json["started_at"].asDouble();
  trial.intended_duration_s = json["intended_duration"].asDouble();
  trial.offered = json["offered_count"].asInt64();
  trial.received = trial.offered - json["loss_count"].asInt64();
  const double duration = trial.intended_duration_s;
  const auto rate = [duration](std::int64_t received) {
    return duration > 0.0 && received > 0 ? static_cast<double>(received) / duration : 0.0;
  };
  trial.receive_rate_pps =
      json["receive_rate"].isNumeric() ? json["receive_rate"].asDouble() : rate(trial.received);
  for (const Json::Value& direction : json["directions"]) {
    trial.direction_rates_pps.emplace_back(direction["direction"].asString(),
                                           rate(direction["received"].asInt64()));
  }
  trial.sut_loss_ratio =
      json["sut_loss_ratio"].isNumeric()
          ? json["sut_loss_ratio"].asDouble()
          : (trial.offered > 0 ? static_cast<double>(trial.offered - trial.received) /
                                     static_cast<double>(trial.offered)
                               : 0.0);
  trial.tester_limited_pps = optional_number(json["tester_limited_pps"]);
  trial.counters = json["counters"].asString();
  for (const Json::Value& note : json["notes"]) trial.notes.push_back(note.asString());
  trial.over_threshold = json["over_threshold"].asBool();
  return trial;
}

FixedLoadReportStats decode_stats(const Json::Value& json, std::string direction) {
  return {std::move(direction), json["mean"].asDouble(), json["stdev"].asDouble(),
          json["min"].asDouble(), json["max"].asDouble()};
}

}  // namespace

FixedLoadReportData decode_fixed_load_result(const Json::Value& json, const std::string& path,
                                             const std::string& method) {
  if (!json.isObject() || !json["trials"].isArray()) {
    throw measure::ConfigError(path, "(not an MRR or soak result)",
                               "must be an object with \"trials\"");
  }
  FixedLoadReportData data;
  data.method = method;
  data.load_pps = json["load"].asDouble();
  data.trial_duration_s = json["trial_duration"].asDouble();
  data.trials_planned = json["trials_planned"].asUInt64();
  data.stop_reason = json["stop_reason"].asString();
  data.stop_detail = json["stop_detail"].asString();
  data.rate_basis = json["rate_basis"].asString();
  if (json["receive_rate"].isObject()) {
    data.stats.push_back(decode_stats(json["receive_rate"], ""));
    for (const Json::Value& direction : json["directions"]) {
      data.stats.push_back(decode_stats(direction, direction["direction"].asString()));
    }
  }
  data.sut_loss_ratio = json["sut_loss_ratio"].asDouble();
  data.tester_limited_trials = json["tester_limit"]["trials"].asUInt64();
  data.tester_reached_pps = optional_number(json["tester_limit"]["reached_pps"]);
  if (json["threshold"].isObject()) {
    data.loss_ratio_threshold = json["threshold"]["loss_ratio"].asDouble();
    data.threshold_action = json["threshold"]["action"].asString();
    data.intervals_over = json["threshold"]["intervals_over"].asUInt64();
  }
  for (const Json::Value& trial : json["trials"]) {
    if (trial["phase"].isString() && trial["phase"].asString() != "main") continue;
    data.trials.push_back(decode_trial(trial));
  }
  return data;
}

}  // namespace trexsearch::report
