#pragma once

#include <json/value.h>

#include "search/search_result.hpp"

namespace trexsearch::codec {

/// TrialRecord -> `{"number", "phase", "started_at", "load", "intended_duration",
/// "effective_duration", "offered_count", "loss_count", "intended_count",
/// "loss_ratio", "notes"}`; counts are null for trials without counts.
Json::Value encode_trial_record(const mlr::TrialRecord& record);

/// SearchResult -> `{"trials": [...], "totals": {"trial_count",
/// "effective_duration_sum", "search_duration"}, "stop_reason", "stop_detail",
/// "goals": [...]}` (goals in the `analyze` shape).
Json::Value encode_search_result(const mlr::SearchResult& result);

}  // namespace trexsearch::codec
