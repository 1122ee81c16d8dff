#include "daemon/cli/bound_directions.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <vector>

#include "daemon/cli/terminal_text.hpp"
#include "daemon/cli/text_table.hpp"
#include "daemon/cli/trial_text.hpp"
#include "search/direction_counts.hpp"

namespace trexsearch::cli {
namespace {

struct DirectionSum {
  DirectionCounts counts;
  double worst_loss_ratio = 0.0;
};

struct BoundLoad {
  std::vector<std::string> roles;  ///< "NDR lower", "PDR upper"
  std::size_t trials = 0;
  std::vector<DirectionSum> directions;  ///< in the trials' direction order
};

std::string load_text(double pps) {
  char text[64];
  std::snprintf(text, sizeof text, "%.1f", pps);
  return text;
}

void add_trial(const Json::Value& trial, BoundLoad& load) {
  ++load.trials;
  for (const Json::Value& direction : trial["directions"]) {
    const std::string name = direction["direction"].asString();
    auto found = std::find_if(load.directions.begin(), load.directions.end(),
                              [&](const DirectionSum& sum) { return sum.counts.name == name; });
    if (found == load.directions.end()) {
      load.directions.push_back({DirectionCounts{name, 0, 0, 0}, 0.0});
      found = std::prev(load.directions.end());
    }
    found->counts.intended += direction["intended"].asInt64();
    found->counts.offered += direction["offered"].asInt64();
    found->counts.received += direction["received"].asInt64();
    found->worst_loss_ratio = std::max(found->worst_loss_ratio, direction["loss_ratio"].asDouble());
  }
}

}  // namespace

std::string format_bound_directions(const Json::Value& search_result) {
  // Bounds are trial loads, written and read back as the same doubles: exact keys.
  std::map<double, BoundLoad> loads;
  for (const Json::Value& goal : search_result["goals"]) {
    for (const auto& [key, role] : {std::pair{"relevant_lower_bound", "lower"},
                                    std::pair{"relevant_upper_bound", "upper"}}) {
      if (!goal[key].isNumeric()) continue;
      loads[goal[key].asDouble()].roles.push_back(goal["name"].asString() + " " + role);
    }
  }
  bool any_directions = false;
  for (const Json::Value& trial : search_result["trials"]) {
    if (trial["phase"].asString() == "warmup") continue;
    const auto found = loads.find(trial["load"].asDouble());
    if (found == loads.end()) continue;
    add_trial(trial, found->second);
    any_directions = any_directions || !trial["directions"].empty();
  }
  if (!any_directions) return "";
  std::vector<std::vector<std::string>> rows{{"LOAD [pps]", "BOUND OF", "TRIALS", "DIRECTION",
                                              "OFFERED", "RECEIVED", "UNSENT", "LOSS",
                                              "WORST TRIAL"}};
  for (const auto& [load, bound] : loads) {
    std::string roles;
    for (const std::string& role : bound.roles) roles += (roles.empty() ? "" : ", ") + role;
    for (std::size_t i = 0; i < bound.directions.size(); ++i) {
      const DirectionSum& sum = bound.directions[i];
      const bool first = i == 0;
      rows.push_back({first ? load_text(load) : "", first ? terminal_safe(roles) : "",
                      first ? std::to_string(bound.trials) : "", terminal_safe(sum.counts.name),
                      std::to_string(sum.counts.offered), std::to_string(sum.counts.received),
                      std::to_string(sum.counts.unsent()), loss_percent(sum.counts.loss_ratio()),
                      loss_percent(sum.worst_loss_ratio)});
    }
  }
  return "per direction at the relevant bounds (counts summed over the trials at each load; "
         "loss of the sums, unsent frames included):\n" +
         format_text_table(rows, {true, false, true, false, true, true, true, true, true});
}

}  // namespace trexsearch::cli
