#include "daemon/codec/plr_config_codec.hpp"

#include <string>

#include "daemon/codec/object_reader.hpp"
#include "measure/errors.hpp"

namespace trexsearch::codec {
namespace {

std::uint64_t non_negative(ObjectReader& reader, std::string_view key, std::int64_t value) {
  if (value < 0) {
    throw measure::ConfigError(reader.field_path(key), std::to_string(value),
                               "must not be negative");
  }
  return static_cast<std::uint64_t>(value);
}

// The search's range, trials and budget.
void read_search_keys(ObjectReader& reader, plr::PlrConfig& config) {
  if (auto value = reader.optional_number("target_loss_ratio")) config.target_loss_ratio = *value;
  if (auto value = reader.optional_number("min_load")) config.min_load_pps = *value;
  if (auto value = reader.optional_number("max_load")) config.max_load_pps = *value;
  if (auto value = reader.optional_number("trial_duration_first")) {
    config.trial_duration_first = measure::Seconds{*value};
  }
  if (auto value = reader.optional_number("trial_duration_increment")) {
    config.trial_duration_increment = measure::Seconds{*value};
  }
  if (auto value = reader.optional_number("time_budget"))
    config.time_budget = measure::Seconds{*value};
}

// How much the posterior is sampled per trial, by how many threads, from which seed.
void read_sampling_keys(ObjectReader& reader, plr::PlrConfig& config) {
  if (auto value = reader.optional_int64("samples_per_trial")) {
    config.samples_per_trial = non_negative(reader, "samples_per_trial", *value);
  }
  if (auto value = reader.optional_int64("seed"))
    config.seed = non_negative(reader, "seed", *value);
  if (auto value = reader.optional_int("threads_per_fit")) {
    if (*value < 1 || *value > 256) {
      throw measure::ConfigError(reader.field_path("threads_per_fit"), std::to_string(*value),
                                 "must be from 1 to 256");
    }
    config.threads_per_fit = static_cast<unsigned>(*value);
  }
}

// The estimate: its stop, likelihood, proposal, chunks and trend.
void read_estimate_keys(ObjectReader& reader, plr::PlrConfig& config) {
  if (auto value = reader.optional_number("target_relative_stdev")) {
    config.target_relative_stdev = *value;
  }
  if (auto value = reader.optional_string("likelihood")) {
    const auto kind = plr::likelihood_kind_from_string(*value);
    if (!kind) {
      throw measure::ConfigError(
          reader.field_path("likelihood"), "\"" + *value + "\"",
          "must be \"geometric\" (the reference's) or \"poisson\" (draft-02)");
    }
    config.likelihood = *kind;
  }
  if (auto value = reader.optional_number("proposal_scale")) config.proposal_scale = *value;
  if (auto value = reader.optional_int64("samples_per_chunk")) {
    config.samples_per_chunk = non_negative(reader, "samples_per_chunk", *value);
  }
  if (auto value = reader.optional_int64("min_samples_per_trial")) {
    config.min_samples_per_trial = non_negative(reader, "min_samples_per_trial", *value);
  }
  if (auto value = reader.optional_number("trend_window")) config.trend_window = *value;
}

}  // namespace

plr::PlrConfig decode_plr_config(const Json::Value& json) {
  ObjectReader reader(json, "");
  plr::PlrConfig config;
  // Always read in this order, so of two bad keys the same one is named first.
  read_search_keys(reader, config);
  read_sampling_keys(reader, config);
  read_estimate_keys(reader, config);
  reader.reject_unknown_keys();
  // validate() names fields by these same keys.
  config.validate();
  return config;
}

Json::Value encode_plr_config(const plr::PlrConfig& config) {
  Json::Value json(Json::objectValue);
  json["target_loss_ratio"] = config.target_loss_ratio;
  json["min_load"] = config.min_load_pps;
  json["max_load"] = config.max_load_pps;
  json["trial_duration_first"] = config.trial_duration_first.count();
  json["trial_duration_increment"] = config.trial_duration_increment.count();
  json["time_budget"] = config.time_budget.count();
  json["samples_per_trial"] = config.samples_per_trial
                                  ? Json::Value(Json::UInt64{*config.samples_per_trial})
                                  : Json::Value(Json::nullValue);
  json["seed"] = Json::UInt64{config.seed};
  json["threads_per_fit"] = config.threads_per_fit;
  json["target_relative_stdev"] = config.target_relative_stdev
                                      ? Json::Value(*config.target_relative_stdev)
                                      : Json::Value(Json::nullValue);
  json["likelihood"] = std::string(plr::to_string(config.likelihood));
  json["proposal_scale"] = config.proposal_scale;
  json["samples_per_chunk"] = Json::UInt64{config.samples_per_chunk};
  json["min_samples_per_trial"] = Json::UInt64{config.min_samples_per_trial};
  json["trend_window"] = config.trend_window;
  return json;
}

}  // namespace trexsearch::codec
