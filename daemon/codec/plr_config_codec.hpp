#pragma once

#include <json/value.h>

#include "plr/plr_config.hpp"

namespace trexsearch::codec {

/// PLR.json -> PlrConfig: `{"target_loss_ratio", "min_load", "max_load",
/// "trial_duration_first", "trial_duration_increment", "time_budget",
/// "samples_per_trial", "seed"}` plus the tuning keys of PlrConfig
/// ("threads_per_fit", "target_relative_stdev", "likelihood", "proposal_scale",
/// "samples_per_chunk", "min_samples_per_trial", "trend_window"). Every key is
/// optional (defaults: the reference's); unknown keys are errors. Validated.
plr::PlrConfig decode_plr_config(const Json::Value& json);

/// PlrConfig -> PLR.json (every key written).
Json::Value encode_plr_config(const plr::PlrConfig& config);

}  // namespace trexsearch::codec
