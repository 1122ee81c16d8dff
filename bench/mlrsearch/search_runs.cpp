#include "bench/mlrsearch/search_runs.hpp"

#include "bench/mlrsearch/clocked_measurer.hpp"
#include "bench/mlrsearch/tester_limited_model.hpp"
#include "measure/clock.hpp"
#include "search/controller.hpp"
#include "sim/critical_load.hpp"
#include "sim/sut_measurer.hpp"

namespace trexsearch::bench {
namespace {

constexpr double min_load_pps = 9001.0;
constexpr double max_load_pps = 14880952.0;

mlr::ControllerConfig base_config() {
  mlr::ControllerConfig config;
  config.min_load_pps = min_load_pps;
  config.max_load_pps = max_load_pps;
  config.warmup_duration = measure::Seconds{0.0};
  // Large enough never to cut a search short: the benchmark measures whole searches.
  config.search_duration_max = measure::Seconds{1e7};
  return config;
}

}  // namespace

mlr::ControllerConfig csit_ndr_pdr_config() {
  mlr::ControllerConfig config = base_config();
  mlr::SearchGoal ndr;
  ndr.name = "NDR";
  ndr.loss_ratio = 0.0;
  ndr.exceed_ratio = 0.5;
  ndr.relative_width = 0.005;
  ndr.initial_trial_duration = measure::Seconds{1.0};
  ndr.final_trial_duration = measure::Seconds{1.0};
  ndr.duration_sum = measure::Seconds{21.0};
  ndr.preceding_targets = 2;
  // CSIT fails fast; here a model without a loss-free load (lossy) would then stop
  // the PDR search too, and the PDR result is what that model is for.
  ndr.fail_fast = false;
  mlr::SearchGoal pdr = ndr;
  pdr.name = "PDR";
  pdr.loss_ratio = 0.005;
  config.goals = {ndr, pdr};
  return config;
}

mlr::ControllerConfig rfc2544_config() {
  mlr::ControllerConfig config = base_config();
  mlr::SearchGoal goal;
  goal.name = "RFC2544";
  goal.loss_ratio = 0.0;
  goal.exceed_ratio = 0.0;
  goal.relative_width = 0.005;
  goal.initial_trial_duration = measure::Seconds{1.0};
  goal.final_trial_duration = measure::Seconds{60.0};
  goal.duration_sum = measure::Seconds{60.0};
  goal.preceding_targets = 2;
  goal.fail_fast = false;
  config.goals = {goal};
  return config;
}

MlrRun run_mlr(const mlr::ControllerConfig& config, const std::string& model,
               const sim::SutOptions& options, std::uint64_t seed) {
  sim::SutMeasurer sut(make_bench_sut(model, options, seed));
  measure::ManualClock clock;
  ClockedMeasurer measurer(sut, clock);
  const mlr::Controller controller(config, clock);
  const mlr::SearchResult result = controller.search(measurer);
  MlrRun run;
  run.trials = result.trials.size();
  run.trial_duration_sum = result.trial_duration_sum();
  run.stop_reason = std::string(mlr::to_string(result.stop_reason));
  for (const mlr::GoalResult& goal : result.goals) {
    GoalOutcome outcome;
    outcome.label = goal.label;
    outcome.relative_width = goal.goal.relative_width;
    outcome.lower_bound_pps = goal.relevant_lower_bound_pps;
    outcome.upper_bound_pps = goal.relevant_upper_bound_pps;
    outcome.conditional_throughput_pps = goal.conditional_throughput_pps;
    outcome.regular = goal.regular();
    if (!goal.regular()) outcome.irregularity = std::string(mlr::to_string(goal.irregularity));
    outcome.truth_pps = true_throughput_pps(sut.model(), goal.goal);
    run.goals.push_back(std::move(outcome));
  }
  return run;
}

std::optional<double> true_throughput_pps(const sim::SutModel& model, const mlr::SearchGoal& goal) {
  if (const auto capacity = model.true_capacity_pps()) return capacity;
  const auto critical = sim::critical_load_pps(model, goal.loss_ratio, goal.final_trial_duration);
  if (!critical) return std::nullopt;
  // Conditional throughput is a forwarding rate: load times (1 - loss ratio).
  return *critical * (1.0 - goal.loss_ratio);
}

CaseRuns run_case(const std::string& label, const std::string& model,
                  const sim::SutOptions& options, std::uint64_t seed) {
  CaseRuns runs;
  runs.model = label;
  runs.seed = seed;
  runs.description = make_bench_sut(model, options, seed)->describe();
  runs.ndr_pdr = run_mlr(csit_ndr_pdr_config(), model, options, seed);
  runs.rfc2544 = run_mlr(rfc2544_config(), model, options, seed);

  sim::SutMeasurer sut(make_bench_sut(model, options, seed));
  BinarySearchConfig binary;
  binary.min_load_pps = min_load_pps;
  binary.max_load_pps = max_load_pps;
  runs.binary = rfc2544_binary_search(binary, sut);
  runs.rfc2544_truth_pps = true_throughput_pps(sut.model(), rfc2544_config().goals.front());
  return runs;
}

}  // namespace trexsearch::bench
