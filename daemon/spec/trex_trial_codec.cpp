#include "daemon/spec/trex_trial_codec.hpp"

#include <cmath>

#include "daemon/codec/json_writer.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

// Longest any of these waits may be: a trial setting of hours is a typo, and every
// wait of the runner must stay bounded (docs/security.md).
constexpr double max_wait_s = 3600.0;

void read_seconds(codec::ObjectReader& reader, std::string_view key, measure::Seconds& field,
                  bool allow_zero) {
  const auto value = reader.optional_number(key);
  if (!value) return;
  if (!std::isfinite(*value) || *value < 0.0 || (!allow_zero && *value == 0.0) ||
      *value > max_wait_s) {
    throw measure::ConfigError(
        reader.field_path(key), codec::quote_json(Json::Value(*value)),
        std::string(allow_zero ? "must be" : "must be > 0 and") + " from 0 to 3600 seconds");
  }
  field = measure::Seconds{*value};
}

}  // namespace

void decode_trex_trial(codec::ObjectReader& reader, trex::TrexMeasurerConfig& config) {
  if (const auto counters = reader.optional_string("counters")) {
    if (*counters == "flow_stats") {
      config.counters = trex::CounterSource::flow_stats;
    } else if (*counters == "port") {
      config.counters = trex::CounterSource::port;
    } else {
      throw measure::ConfigError(
          reader.field_path("counters"), codec::quote_json(Json::Value(*counters)),
          "must be \"flow_stats\" (per stream, the default) or \"port\" (port "
          "counters, for ports without flow_stats support)");
    }
  }
  read_seconds(reader, "settle_min", config.settle_min, true);
  read_seconds(reader, "settle_max", config.settle_max, true);
  read_seconds(reader, "settle_poll_interval", config.settle_poll_interval, false);
  read_seconds(reader, "tx_poll_interval", config.tx_poll_interval, false);
  // tx_end_grace was a fixed allowance in real seconds, which forgave a short trial
  // (or an emulator's fast clock) too much; the stretch is judged relative to the trial
  // in TRex's clock now (docs/trials.md). Older job files and stored jobs carry it: it
  // is still checked, and has no effect.
  measure::Seconds unused_grace{0.0};
  read_seconds(reader, "tx_end_grace", unused_grace, true);
  read_seconds(reader, "warmup", config.warmup_duration, true);
  if (const auto slack = reader.optional_number("tx_end_slack")) {
    if (!std::isfinite(*slack) || *slack < 0.0 || *slack > 1.0) {
      throw measure::ConfigError(reader.field_path("tx_end_slack"),
                                 codec::quote_json(Json::Value(*slack)),
                                 "must be from 0 to 1 (a share of the trial duration)");
    }
    config.tx_end_slack = *slack;
  }
  config.warmup_every_trial =
      reader.optional_bool("warmup_every_trial").value_or(config.warmup_every_trial);
  config.force_start = reader.optional_bool("force_start").value_or(config.force_start);
}

void encode_trex_trial(const trex::TrexMeasurerConfig& config, Json::Value& json) {
  json["counters"] = trex::to_string(config.counters);
  json["settle_min"] = config.settle_min.count();
  json["settle_max"] = config.settle_max.count();
  json["settle_poll_interval"] = config.settle_poll_interval.count();
  json["tx_poll_interval"] = config.tx_poll_interval.count();
  json["tx_end_slack"] = config.tx_end_slack;
  json["warmup"] = config.warmup_duration.count();
  json["warmup_every_trial"] = config.warmup_every_trial;
  json["force_start"] = config.force_start;
}

}  // namespace trexsearch::service
