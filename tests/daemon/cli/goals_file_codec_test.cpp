// `reanalyze --goals FILE`: the goals file's two shapes and its errors.
#include "daemon/cli/analysis/goals_file_codec.hpp"

#include <doctest/doctest.h>

#include "daemon/cli/command/command_errors.hpp"
#include "measure/errors.hpp"

namespace trexsearch::cli {

TEST_CASE("a goals file is an array of goals or an object holding them") {
  const std::string goal =
      R"({"name": "NDR", "loss_ratio": 0.0, "exceed_ratio": 0.5, "relative_width": 0.005,
          "initial_trial_duration": 1, "final_trial_duration": 1, "duration_sum": 21})";
  CHECK(decode_goals_file("[" + goal + "]", "g.json").size() == 1);
  const auto wrapped = decode_goals_file(R"({"goals": [)" + goal + "," + goal + "]}", "g.json");
  CHECK(wrapped.size() == 2);
  CHECK_THROWS_WITH_AS(decode_goals_file(R"({"goal": []})", "g.json"),
                       "g.json: must be an array of goals or {\"goals\": [...]}", BadInputError);
  CHECK_THROWS_WITH_AS(
      decode_goals_file(R"({"goals": [{"name": "x", "loss_ratio": 2}]})", "g.json"),
      doctest::Contains("g.json.goals[0]"), measure::ConfigError);
  CHECK_THROWS_AS(decode_goals_file("[", "g.json"), std::invalid_argument);
}

}  // namespace trexsearch::cli
