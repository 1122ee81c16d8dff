#include "bench/trex_client/search_efficiency.hpp"

#include <cstdio>
#include <span>

#include "search/controller.hpp"

namespace trexsearch::trex::bench {

namespace {

mlr::SearchGoal csit_goal(const char* name, double loss_ratio) {
  mlr::SearchGoal goal;
  goal.name = name;
  goal.loss_ratio = loss_ratio;
  return goal;  // the other attributes at CSIT's defaults (search_goal.hpp): 1 s trials
}

}  // namespace

void run_search_efficiency(const BenchTarget& target, const SearchRun& run, std::ostream& out) {
  BenchRig rig(target, run.speed, run.emulator_capacity_pps);
  mlr::ControllerConfig config;
  config.goals = {csit_goal("NDR", 0.0), csit_goal("PDR", 0.005)};
  config.min_load_pps = run.min_load_pps;
  config.max_load_pps = run.max_load_pps;
  const mlr::Controller controller(config, *rig.clock);
  // Time spent inside the measurer (traffic, settle, control) per trial.
  double measurer_s = 0.0;
  double settle_s = 0.0;
  int with_notes = 0;
  mlr::SearchHooks hooks;
  hooks.on_trial = [&](const mlr::TrialRecord& trial, std::span<const mlr::GoalProgress>) {
    measurer_s += rig.measurer->last_trial().wall_time.count();
    settle_s += rig.measurer->last_trial().settle_time.count();
    if (!trial.result.notes().empty()) ++with_notes;
  };
  const mlr::SearchResult result = controller.search(*rig.measurer, {}, hooks);

  double traffic_s = 0.0;
  for (const mlr::TrialRecord& trial : result.trials) {
    traffic_s += trial.result.intended_duration().count();
  }
  const double wall_s = result.search_duration.count();
  char line[256];
  out << "## Share of a search's wall time that is traffic (MLRsearch NDR + PDR, 1 s trials)\n\n"
      << target.describe() << "\n\n";
  if (!target.endpoint) {
    std::snprintf(line, sizeof line,
                  "emulator speed %.0fx (1 = real time; above 1 control costs count %.0fx)\n\n",
                  run.speed, run.speed);
    out << line;
  }
  out << "| trials | with notes | traffic [s] | in measurer [s] | of which settle [s] "
         "| search wall time [s] | traffic share | stop reason |\n";
  out << "|---|---|---|---|---|---|---|---|\n";
  std::snprintf(line, sizeof line, "| %zu | %d | %.1f | %.3f | %.3f | %.3f | %.2f %% | %s |\n",
                result.trials.size(), with_notes, traffic_s, measurer_s, settle_s, wall_s,
                100.0 * traffic_s / wall_s,
                std::string(mlr::to_string(result.stop_reason)).c_str());
  out << line << "\n";
  for (const mlr::GoalResult& goal : result.goals) {
    std::snprintf(line, sizeof line, "%s: lower bound %.0f pps, upper bound %.0f pps\n",
                  goal.goal.label(0).c_str(), goal.relevant_lower_bound_pps.value_or(0.0),
                  goal.relevant_upper_bound_pps.value_or(0.0));
    out << line;
  }
  out << "\n";
}

}  // namespace trexsearch::trex::bench
