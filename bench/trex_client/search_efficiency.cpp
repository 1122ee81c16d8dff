#include "bench/trex_client/search_efficiency.hpp"

#include <cstdio>
#include <span>

#include "bench/trex_client/bench_rig.hpp"
#include "search/controller.hpp"

namespace trexsearch::trex::bench {

void run_search_efficiency(double speed, std::ostream& out) {
  const double capacity_pps = 3.3e6;
  BenchRig rig(speed, capacity_pps);
  mlr::ControllerConfig config;
  mlr::SearchGoal goal;
  goal.name = "NDR";
  goal.loss_ratio = 0.0;
  goal.initial_trial_duration = Seconds{1.0};
  goal.final_trial_duration = Seconds{1.0};
  goal.duration_sum = Seconds{3.0};
  goal.relative_width = 0.005;
  config.goals = {goal};
  config.min_load_pps = 9001.0;
  config.max_load_pps = 1.4e7;  // below the 14.88 Mpps line rate of 64 B at 10 Gb/s
  config.warmup_duration = Seconds{1.0};
  const mlr::Controller controller(config, *rig.clock);
  // Time spent inside the measurer (traffic, settle, control) per trial.
  double measurer_s = 0.0;
  double settle_s = 0.0;
  mlr::SearchHooks hooks;
  hooks.on_trial = [&](const mlr::TrialRecord&, std::span<const mlr::GoalProgress>) {
    measurer_s += rig.measurer->last_trial().wall_time.count();
    settle_s += rig.measurer->last_trial().settle_time.count();
  };
  const mlr::SearchResult result = controller.search(*rig.measurer, {}, hooks);

  double traffic_s = 0.0;
  for (const mlr::TrialRecord& trial : result.trials) {
    traffic_s += trial.result.intended_duration().count();
  }
  const double wall_s = result.search_duration.count();
  char line[256];
  out << "## Share of a search's wall time that is traffic (MLRsearch, NDR, 1 s trials)\n\n";
  std::snprintf(line, sizeof line,
                "emulator speed %.0fx (1 = real time; above 1 control costs count %.0fx)\n\n",
                speed, speed);
  out << line;
  out << "| trials | traffic [s] | in measurer [s] | of which settle [s] | search wall time [s] "
         "| traffic share | stop reason |\n";
  out << "|---|---|---|---|---|---|---|\n";
  std::snprintf(line, sizeof line, "| %zu | %.1f | %.3f | %.3f | %.3f | %.2f %% | %s |\n",
                result.trials.size(), traffic_s, measurer_s, settle_s, wall_s,
                100.0 * traffic_s / wall_s,
                std::string(mlr::to_string(result.stop_reason)).c_str());
  out << line;
  if (!result.goals.empty() && result.goals[0].relevant_lower_bound_pps) {
    std::snprintf(line, sizeof line, "\nNDR lower bound found: %.0f pps (SUT capacity %.0f pps)\n",
                  *result.goals[0].relevant_lower_bound_pps, capacity_pps);
    out << line;
  }
  out << "\n";
}

}  // namespace trexsearch::trex::bench
