#include "daemon/codec/trial_input_codec.hpp"

#include <optional>
#include <stdexcept>

#include "daemon/codec/json_writer.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/codec/trial_detail_codec.hpp"
#include "measure/errors.hpp"

namespace trexsearch::codec {
namespace {

double positive(ObjectReader& reader, std::string_view key, double value) {
  if (!(value > 0.0)) {
    throw measure::ConfigError(reader.field_path(key), measure::format_value(value),
                               "must be positive");
  }
  return value;
}

// The counts of a trial given by them, with the detail decoded beside them.
measure::TrialOutcome counted_outcome(ObjectReader& reader,
                                      std::optional<measure::Seconds> effective,
                                      measure::TrialOutcome detail) {
  measure::TrialOutcome outcome;
  read_frame_counts(reader, outcome);
  outcome.effective_duration = effective;
  outcome.directions = std::move(detail.directions);
  outcome.tester_limited_pps = detail.tester_limited_pps;
  outcome.counters = std::move(detail.counters);
  return outcome;
}

}  // namespace

measure::TrialResult decode_trial_input(const Json::Value& json, const std::string& path) {
  ObjectReader reader(json, path);
  const double load = positive(reader, "load", reader.number("load"));
  const measure::Seconds intended{
      positive(reader, "intended_duration", reader.number("intended_duration"))};
  const std::optional<measure::Seconds> effective = read_effective_duration(reader);
  const auto loss_ratio = reader.optional_number("loss_ratio");
  const bool has_offered = reader.has("offered_count");
  const bool has_loss = reader.has("loss_count");
  const bool has_intended = reader.has("intended_count");
  // Per-direction counts and the tester limit are kept: a tester-limited trial
  // must not pass when analysed again (measured_loss_ratio is derived, ignored).
  measure::TrialOutcome detail;
  decode_trial_detail(json, detail, path);
  for (const char* key : {"directions", "tester_limited_pps", "counters", "measured_loss_ratio"}) {
    (void)reader.has(key);
  }
  reader.reject_unknown_keys();

  const bool has_counts = has_offered || has_loss || has_intended;
  if (loss_ratio && has_counts) {
    throw measure::ConfigError(reader.field_path("loss_ratio"), measure::format_value(*loss_ratio),
                               "give either loss_ratio or the counts (offered_count, loss_count), "
                               "not both");
  }
  if (!loss_ratio && !has_counts) {
    throw measure::ConfigError(path, quote_json(json),
                               "a trial needs either loss_ratio or offered_count and loss_count");
  }
  try {
    if (loss_ratio) {
      if (*loss_ratio < 0.0 || *loss_ratio > 1.0) {
        throw measure::ConfigError(reader.field_path("loss_ratio"),
                                   measure::format_value(*loss_ratio), "must be between 0 and 1");
      }
      return measure::TrialResult::from_loss_ratio(load, intended, effective.value_or(intended),
                                                   *loss_ratio);
    }
    return measure::TrialResult::from_outcome(
        load, intended, counted_outcome(reader, effective, std::move(detail)));
  } catch (const measure::ConfigError&) {
    throw;
  } catch (const std::exception& error) {
    // TrialResult's own validation is the last word; name the trial it rejected.
    throw measure::ConfigError(path, quote_json(json), error.what());
  }
}

Json::Value encode_trial_input(const measure::TrialResult& trial) {
  Json::Value json(Json::objectValue);
  json["load"] = trial.intended_load_pps();
  json["intended_duration"] = trial.intended_duration().count();
  json["effective_duration"] = trial.effective_duration().count();
  if (const auto& counts = trial.counts()) {
    json["offered_count"] = Json::Int64{counts->offered};
    json["loss_count"] = Json::Int64{counts->loss};
    json["intended_count"] = Json::Int64{counts->intended};
    if (!trial.directions().empty() || trial.tester_limited()) {
      const Json::Value detail = encode_trial_detail(trial);
      for (const std::string& key : detail.getMemberNames()) json[key] = detail[key];
    }
  } else {
    json["loss_ratio"] = trial.loss_ratio();
  }
  return json;
}

}  // namespace trexsearch::codec
