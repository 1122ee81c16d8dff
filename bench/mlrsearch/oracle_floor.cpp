#include "bench/mlrsearch/oracle_floor.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <vector>

#include "bench/mlrsearch/tester_limited_model.hpp"
#include "measure/trial_result.hpp"
#include "search/selection/load_grid.hpp"
#include "search/trial_database.hpp"

namespace trexsearch::bench {
namespace {

using mlr::GridIndex;

/// Trials per probed load when the oracle learns where a goal's median
/// critical load is: the estimate of the high-loss probability is within
/// 0.035 (one standard error), several times finer than its change per grid
/// step near the median at 1 % noise.
constexpr int probe_trials = 200;

/// Any fixed offset: the probe model must not replay the search's trials.
constexpr std::uint64_t probe_seed_offset = 0x9e3779b97f4a7c15ULL;

/// The grid load where a goal's trials are high-loss with probability nearest
/// one half, learned from a separate model (the oracle's knowledge).
class MedianFinder {
 public:
  MedianFinder(const mlr::LoadGrid& grid, const std::string& model, const sim::SutOptions& options,
               std::uint64_t seed)
      : grid_(grid), model_(make_bench_sut(model, options, seed + probe_seed_offset)) {}

  GridIndex median_load(const mlr::SearchGoal& goal) {
    std::map<GridIndex, double> probability;
    const auto high_loss = [&](GridIndex load) {
      auto [it, fresh] = probability.try_emplace(load, 0.0);
      if (fresh) it->second = high_loss_probability(goal, load);
      return it->second;
    };
    if (high_loss(0) >= 0.5) return 0;
    if (high_loss(grid_.max_index()) < 0.5) return grid_.max_index();
    // Bisection keeps below < 0.5 <= above; the probability grows with load.
    GridIndex below = 0;
    GridIndex above = grid_.max_index();
    while (above - below > 1) {
      const GridIndex middle = below + (above - below) / 2;
      (high_loss(middle) < 0.5 ? below : above) = middle;
    }
    return 0.5 - high_loss(below) < high_loss(above) - 0.5 ? below : above;
  }

 private:
  double high_loss_probability(const mlr::SearchGoal& goal, GridIndex load) {
    const double load_pps = grid_.load_at(load);
    int high = 0;
    for (int trial = 0; trial < probe_trials; ++trial) {
      const measure::TrialResult result = measure::TrialResult::from_outcome(
          load_pps, goal.final_trial_duration, model_->trial(goal.final_trial_duration, load_pps));
      high += result.loss_ratio(goal.loss_scope) > goal.loss_ratio ? 1 : 0;
    }
    return static_cast<double>(high) / probe_trials;
  }

  const mlr::LoadGrid& grid_;
  std::unique_ptr<sim::SutModel> model_;
};

/// The oracle's trials on the model the searches see: pooled per load and
/// classified for each goal's final target, as the controller's analysis does.
class OracleRun {
 public:
  OracleRun(const mlr::ControllerConfig& config, const mlr::LoadGrid& grid,
            std::unique_ptr<sim::SutModel> model)
      : config_(config), grid_(grid), model_(std::move(model)), database_(targets(config)) {}

  void measure(GridIndex load, measure::Seconds duration) {
    const double load_pps = grid_.load_at(load);
    database_.add(
        measure::TrialResult::from_outcome(load_pps, duration, model_->trial(duration, load_pps)));
    seconds_ += duration;
  }

  /// Trials at `load` until the goal's final target classifies it.
  void decide(std::size_t goal, GridIndex load) {
    const measure::Seconds duration = config_.goals[goal].final_trial_duration;
    while (!database_.loads().contains(grid_.load_at(load)) ||
           database_.tally(grid_.load_at(load), goal).classification() ==
               mlr::LoadClass::undecided) {
      measure(load, duration);
    }
  }

  /// The next load to decide for the goal, or nothing when its bounds are
  /// narrow enough (or min load is an upper bound, max load a lower one).
  std::optional<GridIndex> next_load(std::size_t goal) const {
    const mlr::RelevantBounds bounds = database_.relevant_bounds(goal);
    const GridIndex width = grid_.width_steps(config_.goals[goal].relative_width);
    std::optional<GridIndex> lower;
    std::optional<GridIndex> upper;
    if (bounds.lower_pps) lower = grid_.index_at_or_below(*bounds.lower_pps);
    if (bounds.upper_pps) upper = grid_.index_at_or_below(*bounds.upper_pps);
    if (lower && upper && *upper - *lower <= width) return std::nullopt;
    if (upper)
      return *upper <= 0 ? std::nullopt : std::optional{std::max<GridIndex>(0, *upper - width)};
    if (lower && *lower < grid_.max_index()) return std::min(grid_.max_index(), *lower + width);
    return std::nullopt;
  }

  measure::Seconds seconds() const { return seconds_; }

 private:
  static std::vector<mlr::ClassificationTarget> targets(const mlr::ControllerConfig& config) {
    std::vector<mlr::ClassificationTarget> result;
    for (const mlr::SearchGoal& goal : config.goals) {
      result.push_back({goal.loss_ratio, goal.exceed_ratio, goal.final_trial_duration,
                        goal.duration_sum, goal.loss_scope});
    }
    return result;
  }

  const mlr::ControllerConfig& config_;
  const mlr::LoadGrid& grid_;
  std::unique_ptr<sim::SutModel> model_;
  mlr::TrialDatabase database_;
  measure::Seconds seconds_{0.0};
};

}  // namespace

std::optional<measure::Seconds> oracle_trial_seconds(const mlr::ControllerConfig& config,
                                                     const std::string& model,
                                                     const sim::SutOptions& options,
                                                     std::uint64_t seed) {
  std::vector<double> widths;
  measure::Seconds first_duration{0.0};
  for (const mlr::SearchGoal& goal : config.goals) {
    if (goal.initial_trial_duration != goal.final_trial_duration) return std::nullopt;
    widths.push_back(goal.relative_width);
    first_duration = std::max(first_duration, goal.initial_trial_duration);
  }
  const mlr::LoadGrid grid(config.min_load_pps, config.max_load_pps, widths);
  MedianFinder finder(grid, model, options, seed);
  OracleRun run(config, grid, make_bench_sut(model, options, seed));
  // Every search starts with one trial at max load; the oracle too.
  run.measure(grid.max_index(), first_duration);
  for (std::size_t goal = 0; goal < config.goals.size(); ++goal) {
    std::optional<GridIndex> load = finder.median_load(config.goals[goal]);
    while (load) {
      run.decide(goal, *load);
      load = run.next_load(goal);
    }
  }
  return run.seconds();
}

}  // namespace trexsearch::bench
