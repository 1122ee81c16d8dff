#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "search/search_goal.hpp"

namespace trexsearch::cli {

/// A goals file (`reanalyze --goals`): an array of goals or `{"goals": [...]}`.
/// `name` names the file in errors: JsonSyntaxError when it is not JSON,
/// ConfigError naming the goal's field, BadInputError for any other shape.
std::vector<mlr::SearchGoal> decode_goals_file(std::string_view text, const std::string& name);

}  // namespace trexsearch::cli
