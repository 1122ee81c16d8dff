#include "daemon/protocol/replies/result_document_codec.hpp"

#include <exception>

#include "daemon/codec/latency_codec.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"
#include "daemon/protocol/replies/mlr_result_codec.hpp"
#include "daemon/protocol/replies/trial_record_codec.hpp"
#include "daemon/protocol/reply_fields_codec.hpp"

namespace trexsearch::protocol {
namespace {

/// The fields of a stored document: what older daemons did not write reads as
/// empty, 0 or absent; a value of the wrong type throws ConfigError naming it.
class StoredFields {
 public:
  StoredFields(const Json::Value& json, std::string path) : json_(json), path_(std::move(path)) {}

  bool has(const char* key) const { return json_.isObject() && !at(key).isNull(); }
  const Json::Value& at(const char* key) const {
    static const Json::Value null;
    return json_.isObject() ? json_[key] : null;
  }
  std::string path_of(const char* key) const { return codec::member_path(path_, key); }
  std::string text(const char* key) const {
    return has(key) ? codec::as_string(at(key), path_of(key)) : std::string();
  }
  double number(const char* key) const {
    return has(key) ? codec::as_number(at(key), path_of(key)) : 0.0;
  }
  std::optional<double> optional_number(const char* key) const {
    return has(key) ? std::optional(codec::as_number(at(key), path_of(key))) : std::nullopt;
  }
  std::uint64_t count(const char* key) const {
    return has(key) ? static_cast<std::uint64_t>(codec::as_int64(at(key), path_of(key))) : 0;
  }
  bool flag(const char* key) const { return has(key) && codec::as_bool(at(key), path_of(key)); }
  /// Present and an object (older documents have null or nothing).
  bool object(const char* key) const { return at(key).isObject(); }
  StoredFields nested(const char* key) const { return {at(key), path_of(key)}; }

 private:
  const Json::Value& json_;
  std::string path_;
};

ResultTotals decode_totals(const StoredFields& fields, const char* duration_key) {
  const StoredFields totals = fields.nested("totals");
  return {totals.count("trial_count"), totals.number("effective_duration_sum"),
          totals.number(duration_key)};
}

std::vector<TrialRecord> decode_trials(const StoredFields& fields) {
  return decode_trial_records(fields.at("trials"), fields.path_of("trials"));
}

ResultGoal decode_goal(const Json::Value& json, const std::string& path) {
  const StoredFields fields(json, path);
  ResultGoal goal;
  goal.name = fields.text("name");
  goal.relevant_lower_bound_pps = fields.optional_number("relevant_lower_bound");
  goal.relevant_upper_bound_pps = fields.optional_number("relevant_upper_bound");
  goal.conditional_throughput_pps = fields.optional_number("conditional_throughput");
  goal.regular = fields.flag("regular");
  goal.irregular_reason = fields.text("irregular_reason");
  if (fields.object("tester_limited")) {
    goal.tester_limited =
        decode_tester_limited(fields.at("tester_limited"), fields.path_of("tester_limited"));
  }
  if (fields.has("goal")) goal.definition = make_document(fields.at("goal"));
  return goal;
}

RateStats decode_rate_stats(const StoredFields& fields) {
  return {fields.number("mean"), fields.number("stdev"), fields.number("min"),
          fields.number("max")};
}

Json::Value encode_rate_stats(const RateStats& stats) {
  Json::Value json(Json::objectValue);
  json["mean"] = stats.mean;
  json["stdev"] = stats.stdev;
  json["min"] = stats.min;
  json["max"] = stats.max;
  return json;
}

Json::Value encode_threshold(const SoakThresholdView& threshold) {
  Json::Value json(Json::objectValue);
  json["loss_ratio"] = threshold.loss_ratio;
  json["action"] = threshold.action;
  json["intervals_over"] = Json::UInt64{threshold.intervals_over};
  json["first_over"] = threshold.first_over ? Json::Value(Json::UInt64{*threshold.first_over})
                                            : Json::Value(Json::nullValue);
  return json;
}

Json::Value encode_fixed_load_trials(const FixedLoadView& view) {
  Json::Value trials(Json::arrayValue);
  for (std::size_t i = 0; i < view.trials.size(); ++i) {
    Json::Value entry = encode_trial_record(view.trials[i]);
    const FixedLoadView::TrialRates rates =
        i < view.trial_rates.size() ? view.trial_rates[i] : FixedLoadView::TrialRates{};
    entry["receive_rate"] = rates.receive_rate_pps;
    Json::Value directions(Json::arrayValue);
    for (const double rate : rates.direction_receive_rates_pps) directions.append(rate);
    entry["direction_receive_rates"] = directions;
    entry["sut_loss_ratio"] = rates.sut_loss_ratio;
    if (view.threshold) entry["over_threshold"] = rates.over_threshold;
    trials.append(entry);
  }
  return trials;
}

std::vector<PlrResultView::TrialFit> decode_trial_fits(const StoredFields& fields) {
  std::vector<PlrResultView::TrialFit> fits;
  if (!fields.at("trials").isArray()) return fits;
  const Json::Value& trials = fields.at("trials");
  for (Json::ArrayIndex i = 0; i < trials.size(); ++i) {
    const StoredFields trial(trials[i], codec::element_path(fields.path_of("trials"), i));
    const StoredFields stretch = trial.nested("fits").nested("stretch");
    const StoredFields erf = trial.nested("fits").nested("erf");
    fits.push_back({trial.optional_number("finished_at"), stretch.optional_number("average"),
                    erf.optional_number("average")});
  }
  return fits;
}

std::vector<FixedLoadView::TrialRates> decode_trial_rates(const StoredFields& fields) {
  std::vector<FixedLoadView::TrialRates> rates;
  // show's trials, and documents written before trials had rates, have none.
  if (!fields.at("trials").isArray() || fields.at("trials").empty() ||
      !fields.at("trials")[0].isMember("receive_rate")) {
    return rates;
  }
  const Json::Value& trials = fields.at("trials");
  for (Json::ArrayIndex i = 0; i < trials.size(); ++i) {
    const StoredFields trial(trials[i], codec::element_path(fields.path_of("trials"), i));
    FixedLoadView::TrialRates entry{trial.number("receive_rate"),
                                    {},
                                    trial.number("sut_loss_ratio"),
                                    trial.flag("over_threshold")};
    if (trial.has("direction_receive_rates")) {
      const Json::Value& list = codec::as_array(trial.at("direction_receive_rates"),
                                                trial.path_of("direction_receive_rates"));
      for (Json::ArrayIndex k = 0; k < list.size(); ++k) {
        entry.direction_receive_rates_pps.push_back(codec::as_number(
            list[k], codec::element_path(trial.path_of("direction_receive_rates"), k)));
      }
    }
    rates.push_back(std::move(entry));
  }
  return rates;
}

}  // namespace

MlrResultView decode_mlr_view(const Json::Value& json, const std::string& path) {
  const StoredFields fields(json, path);
  MlrResultView view;
  view.stop_reason = fields.text("stop_reason");
  view.stop_detail = fields.text("stop_detail");
  view.totals = decode_totals(fields, "search_duration");
  if (fields.has("goals")) {
    const Json::Value& goals = codec::as_array(fields.at("goals"), fields.path_of("goals"));
    for (Json::ArrayIndex i = 0; i < goals.size(); ++i) {
      view.goals.push_back(decode_goal(goals[i], codec::element_path(fields.path_of("goals"), i)));
    }
  }
  view.trials = decode_trials(fields);
  view.latency = codec::decode_latency_phase(json, path);
  try {
    view.search = decode_mlr_result(json, path);
  } catch (const std::exception& error) {
    // Only the per-direction sums need it; the rest of the result still reads.
    view.search_unreadable = error.what();
  }
  return view;
}

PlrResultView decode_plr_view(const Json::Value& json, const std::string& path) {
  const StoredFields fields(json, path);
  PlrResultView view;
  view.stop_reason = fields.text("stop_reason");
  view.stop_detail = fields.text("stop_detail");
  view.totals = decode_totals(fields, "run_duration");
  if (fields.object("estimate")) {
    view.estimate = decode_estimate(fields.at("estimate"), fields.path_of("estimate"));
  }
  if (fields.object("trend")) {
    const StoredFields trend = fields.nested("trend");
    view.trend = PlrTrendView{trend.number("slope_per_hour"), trend.number("slope_stderr_per_hour"),
                              trend.flag("significant"),      trend.number("window_start"),
                              trend.number("window_end"),     trend.count("points")};
  }
  if (fields.object("latency_trend")) {
    view.latency_trend =
        codec::decode_latency_trend(fields.at("latency_trend"), fields.path_of("latency_trend"));
  }
  if (fields.object("tester_limit")) {
    view.tester_limit =
        decode_plr_tester_limit(fields.at("tester_limit"), fields.path_of("tester_limit"));
  }
  if (fields.at("tester_limited").isBool()) view.tester_limited = fields.flag("tester_limited");
  view.trials = decode_trials(fields);
  view.trial_fits = decode_trial_fits(fields);
  return view;
}

FixedLoadView decode_fixed_load_view(const Json::Value& json, const std::string& path) {
  const StoredFields fields(json, path);
  FixedLoadView view;
  view.stop_reason = fields.text("stop_reason");
  view.stop_detail = fields.text("stop_detail");
  view.trial_count = fields.nested("totals").count("trial_count");
  view.trials_planned = fields.count("trials_planned");
  view.trial_duration_s = fields.number("trial_duration");
  view.load_pps = fields.number("load");
  if (fields.object("receive_rate")) {
    view.receive_rate = decode_rate_stats(fields.nested("receive_rate"));
  }
  if (fields.has("directions")) {
    const Json::Value& directions =
        codec::as_array(fields.at("directions"), fields.path_of("directions"));
    for (Json::ArrayIndex i = 0; i < directions.size(); ++i) {
      const StoredFields direction(directions[i],
                                   codec::element_path(fields.path_of("directions"), i));
      view.directions.push_back({direction.text("direction"), decode_rate_stats(direction)});
    }
  }
  view.rate_basis = fields.text("rate_basis");
  view.sut_loss_ratio = fields.number("sut_loss_ratio");
  if (fields.object("threshold")) {
    const StoredFields threshold = fields.nested("threshold");
    view.threshold = SoakThresholdView{
        threshold.number("loss_ratio"), threshold.text("action"), threshold.count("intervals_over"),
        threshold.has("first_over") ? std::optional(threshold.count("first_over")) : std::nullopt};
  }
  view.tester_limited = fields.flag("tester_limited");
  const StoredFields limit = fields.nested("tester_limit");
  view.tester_limited_trials = limit.count("trials");
  view.tester_reached_pps = limit.optional_number("reached_pps");
  if (fields.has("counters")) {
    const Json::Value& counters =
        codec::as_array(fields.at("counters"), fields.path_of("counters"));
    for (Json::ArrayIndex i = 0; i < counters.size(); ++i) {
      view.counters.push_back(
          codec::as_string(counters[i], codec::element_path(fields.path_of("counters"), i)));
    }
  }
  view.effective_duration_sum_s = fields.nested("totals").number("effective_duration_sum");
  view.trials = decode_trials(fields);
  view.trial_rates = decode_trial_rates(fields);
  return view;
}

Json::Value encode_fixed_load_summary(const FixedLoadView& view) {
  Json::Value json(Json::objectValue);
  json["load"] = view.load_pps;
  json["trial_duration"] = view.trial_duration_s;
  json["trials_planned"] = Json::UInt64{view.trials_planned};
  json["rate_basis"] = view.rate_basis;
  json["receive_rate"] =
      view.receive_rate ? encode_rate_stats(*view.receive_rate) : Json::Value(Json::nullValue);
  Json::Value directions(Json::arrayValue);
  for (const FixedLoadView::Direction& direction : view.directions) {
    Json::Value entry = encode_rate_stats(direction.receive_rate);
    entry["direction"] = direction.direction;
    directions.append(entry);
  }
  json["directions"] = directions;
  json["sut_loss_ratio"] = view.sut_loss_ratio;
  json["tester_limited"] = view.tester_limited;
  Json::Value limit(Json::objectValue);
  limit["trials"] = Json::UInt64{view.tester_limited_trials};
  limit["reached_pps"] = view.tester_reached_pps ? Json::Value(*view.tester_reached_pps)
                                                 : Json::Value(Json::nullValue);
  json["tester_limit"] = limit;
  if (view.threshold) json["threshold"] = encode_threshold(*view.threshold);
  Json::Value counters(Json::arrayValue);
  for (const std::string& source : view.counters) counters.append(source);
  json["counters"] = counters;
  Json::Value totals(Json::objectValue);
  totals["trial_count"] = Json::UInt64{view.trial_count};
  totals["effective_duration_sum"] = view.effective_duration_sum_s;
  json["totals"] = totals;
  return json;
}

Json::Value encode_fixed_load_document(const FixedLoadView& view) {
  Json::Value json = encode_fixed_load_summary(view);
  json["stop_reason"] = view.stop_reason;
  json["stop_detail"] = view.stop_detail;
  json["trials"] = encode_fixed_load_trials(view);
  return json;
}

ResultDocument decode_result_document(const Json::Value& json, std::string_view method,
                                      const std::string& path) {
  ResultDocument document{make_document(json), MlrResultView{}};
  if (method == "mrr" || method == "soak") {
    document.view = decode_fixed_load_view(json, path);
  } else if (method == "plr") {
    document.view = decode_plr_view(json, path);
  } else {
    document.view = decode_mlr_view(json, path);
  }
  return document;
}

}  // namespace trexsearch::protocol
