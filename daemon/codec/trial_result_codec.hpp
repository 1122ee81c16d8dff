#pragma once

#include <json/value.h>

#include "measure/trial_result.hpp"

namespace trexsearch::codec {

/// TrialResult -> `{"load", "intended_duration", "effective_duration",
/// "offered_count", "loss_count", "intended_count", "loss_ratio",
/// "measured_loss_ratio", "directions", "tester_limited_pps"?, "counters"?, "notes"}`:
/// the part every trial record shares (MLR and PLR); counts are null for
/// trials recorded without counts.
Json::Value encode_trial_result(const measure::TrialResult& trial);

}  // namespace trexsearch::codec
