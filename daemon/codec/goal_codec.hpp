#pragma once

#include <json/value.h>

#include <string>

#include "search/search_goal.hpp"

namespace trexsearch::codec {

/// JSON -> validated SearchGoal. Every key is optional with the reference defaults
/// (CSIT's NDR goal); unknown keys, wrong types and invalid values throw ConfigError
/// naming the JSON path, e.g. "goals[1].exceed_ratio".
mlr::SearchGoal decode_goal(const Json::Value& json, const std::string& path);

/// SearchGoal -> JSON with every attribute (durations in seconds); `name` only when set.
Json::Value encode_goal(const mlr::SearchGoal& goal);

/// A non-empty array of goals at `path`, each decoded and validated.
std::vector<mlr::SearchGoal> decode_goals(const Json::Value& json, const std::string& path);

}  // namespace trexsearch::codec
