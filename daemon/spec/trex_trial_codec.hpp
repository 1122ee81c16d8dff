#pragma once

#include <json/value.h>

#include "daemon/codec/object_reader.hpp"
#include "trex_client/tester/trex_tester.hpp"

namespace trexsearch::service {

/// The keys of a `trex` measurer that say how trials run (docs/socket-api.md,
/// docs/trials.md): counters, settle_min, settle_max, settle_poll_interval,
/// tx_poll_interval, tx_end_slack, warmup, warmup_every_trial,
/// force_start. Absent keys keep `config`'s value; each value is range-checked by
/// TrexMeasurerConfig::validate() once the directions are known. Throws ConfigError
/// naming the field.
void decode_trex_trial(codec::ObjectReader& reader, trex::TrexMeasurerConfig& config);

/// Writes every one of those keys (the canonical form a resumed job decodes).
void encode_trex_trial(const trex::TrexMeasurerConfig& config, Json::Value& json);

}  // namespace trexsearch::service
