#pragma once

#include <json/value.h>

#include "search/controller_config.hpp"

namespace trexsearch::codec {

/// An MLRsearch spec -> validated ControllerConfig. Keys: `goals` (required, non-empty),
/// `min_load`, `max_load` [frames/s per direction], `search_duration_max`,
/// `warmup_duration` [s] (optional, reference defaults), `strategy` ("fast", the
/// default, or "csit": the load selection, search/selection_strategy.hpp).
/// Errors are ConfigErrors naming the JSON path.
mlr::ControllerConfig decode_controller_config(const Json::Value& json);

/// ControllerConfig -> spec JSON (every key written).
Json::Value encode_controller_config(const mlr::ControllerConfig& config);

}  // namespace trexsearch::codec
