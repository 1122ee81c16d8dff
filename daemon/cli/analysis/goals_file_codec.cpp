#include "daemon/cli/analysis/goals_file_codec.hpp"

#include <json/value.h>

#include "daemon/cli/command/command_errors.hpp"
#include "daemon/codec/goal_codec.hpp"
#include "daemon/codec/strict_json.hpp"

namespace trexsearch::cli {

std::vector<mlr::SearchGoal> decode_goals_file(std::string_view text, const std::string& name) {
  const Json::Value goals = codec::parse_strict_json(text, name);
  if (goals.isArray()) return codec::decode_goals(goals, name);
  if (goals.isObject() && goals["goals"].isArray()) {
    return codec::decode_goals(goals["goals"], name + ".goals");
  }
  throw BadInputError(name + ": must be an array of goals or {\"goals\": [...]}");
}

}  // namespace trexsearch::cli
