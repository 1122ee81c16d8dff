#include "search/controller.hpp"

#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "measure/errors.hpp"
#include "search/fast/fast_selection.hpp"
#include "search/selection/candidate.hpp"
#include "search/selection/expander.hpp"
#include "search/selection/initial_phase.hpp"
#include "search/selection/limit_handler.hpp"
#include "search/selection/load_grid.hpp"
#include "search/selection/selector.hpp"
#include "search/selection/target_scaling.hpp"
#include "search/trial_analysis.hpp"
#include "search/trial_database.hpp"

namespace trexsearch::mlr {
namespace {

std::vector<double> relative_widths(const ControllerConfig& config) {
  std::vector<double> widths;
  for (const SearchGoal& goal : config.goals) widths.push_back(goal.relative_width);
  return widths;
}

std::vector<ClassificationTarget> classification_targets(const TargetChains& chains) {
  std::vector<ClassificationTarget> targets;
  for (const TargetSpec& target : chains.targets) targets.push_back(target.classification);
  return targets;
}

/// Ends a search early; caught in SearchRun::run, never escapes the controller.
struct StopSearch {
  StopReason reason;
  std::string detail;
};

Irregularity irregularity_for(StopReason reason) {
  switch (reason) {
    case StopReason::search_time_exceeded:
      return Irregularity::search_time_exceeded;
    case StopReason::fail_fast:
      return Irregularity::stopped_by_fail_fast;
    case StopReason::cancelled:
      return Irregularity::cancelled;
    case StopReason::measurer_failed:
      return Irregularity::measurer_failed;
    case StopReason::completed:
      break;
  }
  return Irregularity::none;
}

/// The state of one search, from the first trial to the result.
class SearchRun {
 public:
  SearchRun(const ControllerConfig& config, const measure::Clock& clock,
            measure::Measurer& measurer, std::stop_token stop, const SearchHooks& hooks)
      : config_(config),
        clock_(clock),
        measurer_(measurer),
        stop_(std::move(stop)),
        hooks_(hooks),
        grid_(config.min_load_pps, config.max_load_pps, relative_widths(config)),
        handler_(grid_),
        chains_(build_target_chains(config.goals, grid_)),
        database_(classification_targets(chains_)),
        start_(clock.now()) {}

  SearchResult run() {
    try {
      if (config_.warmup_duration.count() > 0.0) {
        measure(config_.warmup_duration, grid_.max_index(), TrialPhase::warmup);
      }
      if (config_.strategy == SelectionStrategy::fast) {
        fast_phase();
        return assemble(StopReason::completed, "");
      }
      const InitialLoads initial = run_initial_phase(
          chains_, grid_, handler_, [this](measure::Seconds duration, GridIndex load) {
            return measure(duration, load, TrialPhase::initial);
          });
      main_phase(initial);
      return assemble(StopReason::completed, "");
    } catch (const StopSearch& stop) {
      return assemble(stop.reason, stop.detail);
    }
  }

 private:
  void main_phase(const InitialLoads& initial) {
    global_width_.steps = initial.upper - initial.lower;
    for (std::size_t goal = 0; goal < config_.goals.size(); ++goal) {
      std::function<void(std::string_view)> debug;
      if (hooks_.debug) {
        const std::string prefix = config_.goals[goal].label(goal) + ": ";
        debug = [this, prefix](std::string_view text) { hooks_.debug(prefix + std::string(text)); };
      }
      selectors_.push_back(std::make_unique<Selector>(chains_.final_target[goal], chains_,
                                                      global_width_, initial.lower, initial.upper,
                                                      database_, grid_, handler_, debug));
    }
    while (true) {
      // Checked before each trial, never during one (as the reference does).
      check_stop_and_time();
      // Every selector nominates every round: nomination has side effects
      // (target advancement, expander limits, fail-fast).
      Candidate winner;
      for (std::size_t goal = 0; goal < selectors_.size(); ++goal) {
        const SelectorTurn turn = selectors_[goal]->nominate();
        if (turn.status == SelectorTurn::Status::fail_fast) fail_fast(goal);
        Candidate candidate{std::nullopt, turn.duration, std::nullopt, goal};
        if (turn.status == SelectorTurn::Status::nominated) {
          candidate.load = turn.nomination.load;
          candidate.width = turn.nomination.width;
        }
        winner = pick_winner(winner, candidate);
      }
      if (!winner.load) return;
      measure(winner.duration, *winner.load, TrialPhase::main);
      if (winner.width) global_width_.steps = *winner.width;
      selectors_[winner.selector]->won(*winner.load);
    }
  }

  /// The fast strategy's whole search (search/fast/fast_selection.hpp): no
  /// separate initial phase, its first trial is the same max-load trial.
  void fast_phase() {
    fast_ = std::make_unique<FastSelection>(chains_, database_, grid_, trials_);
    bool first = true;
    while (true) {
      // The first trial always runs, as in the reference's initial phase.
      if (!first) check_stop_and_time();
      const FastTurn turn = fast_->next();
      if (turn.status == FastTurn::Status::fail_fast) fail_fast(turn.goal);
      if (turn.status == FastTurn::Status::done) return;
      if (hooks_.debug) {
        hooks_.debug(config_.goals[turn.step.goal].label(turn.step.goal) +
                     ": fast: " + measure::format_value(grid_.load_at(turn.step.load)) + " " +
                     config_.load_unit + " for " +
                     measure::format_value(turn.step.duration.count()) + " s");
      }
      measure(turn.step.duration, turn.step.load, first ? TrialPhase::initial : TrialPhase::main);
      first = false;
      fast_->measured(turn.step);
    }
  }

  [[noreturn]] void fail_fast(std::size_t goal) {
    fail_fast_goal_ = goal;
    throw StopSearch{StopReason::fail_fast, config_.goals[goal].label(goal) + ": min load " +
                                                measure::format_value(config_.min_load_pps) + " " +
                                                config_.load_unit +
                                                " is an upper bound and fail_fast is set"};
  }

  void check_stop_and_time() const {
    if (stop_.stop_requested()) {
      throw StopSearch{StopReason::cancelled,
                       "cancelled after " + std::to_string(trials_.size()) + " trials"};
    }
    if (clock_.now() - start_ >= config_.search_duration_max) {
      throw StopSearch{StopReason::search_time_exceeded,
                       "search_duration_max of " +
                           measure::format_value(config_.search_duration_max.count()) +
                           " s ran out after " + std::to_string(trials_.size()) + " trials"};
    }
  }

  measure::TrialResult measure(measure::Seconds duration, GridIndex load, TrialPhase phase) {
    // The first trial always runs; the main loop checks before nominating.
    if (!trials_.empty() && phase != TrialPhase::main) check_stop_and_time();
    const double load_pps = grid_.load_at(load);
    TrialRecord record{trials_.size() + 1, phase, clock_.now() - start_,
                       measure::TrialResult::from_loss_ratio(load_pps, duration, duration, 0.0)};
    const auto where = [&] {
      return "trial " + std::to_string(record.number) + " (" + measure::format_value(load_pps) +
             " " + config_.load_unit + ", " + measure::format_value(duration.count()) + " s): ";
    };
    try {
      const measure::TrialOutcome outcome = measurer_.measure(duration, load_pps, stop_);
      record.result = measure::TrialResult::from_outcome(load_pps, duration, outcome);
    } catch (const measure::MeasurementCancelled&) {
      throw StopSearch{StopReason::cancelled, where() + "cancelled"};
    } catch (const std::exception& error) {
      throw StopSearch{StopReason::measurer_failed, where() + error.what()};
    }
    // The warmup result is kept in the log but counts for no goal.
    if (phase != TrialPhase::warmup) database_.add(record.result);
    trials_.push_back(record);
    if (hooks_.on_trial) {
      const std::vector<GoalProgress> progress = goal_progress();
      hooks_.on_trial(trials_.back(), progress);
    }
    return record.result;
  }

  std::vector<GoalProgress> goal_progress() const {
    std::vector<GoalProgress> progress;
    for (std::size_t goal = 0; goal < config_.goals.size(); ++goal) {
      if (fast_) {
        progress.push_back(fast_->progress(goal));
        continue;
      }
      if (goal < selectors_.size()) {
        progress.push_back(selectors_[goal]->progress());
        continue;
      }
      // Initial phase: report the goal's coarsest target, which the main phase starts on.
      std::size_t target = chains_.final_target[goal];
      while (const auto preceding = chains_.targets[target].preceding) target = *preceding;
      const RelevantBounds bounds = database_.relevant_bounds(target);
      progress.push_back(
          {bounds.lower_pps, bounds.upper_pps, chains_.targets[target].depth, false});
    }
    return progress;
  }

  SearchResult assemble(StopReason reason, std::string detail) {
    SearchResult result;
    std::vector<measure::TrialResult> counted;
    for (const TrialRecord& trial : trials_) {
      if (trial.phase != TrialPhase::warmup) counted.push_back(trial.result);
    }
    result.goals =
        analyze_trials(config_.goals, counted,
                       LoadLimits{config_.min_load_pps, config_.max_load_pps}, config_.load_unit);
    if (reason != StopReason::completed) {
      // Goals cut short say so, unless they were reached anyway.
      for (std::size_t goal = 0; goal < result.goals.size(); ++goal) {
        GoalResult& goal_result = result.goals[goal];
        const bool done = fast_ ? fast_->progress(goal).done
                                : goal < selectors_.size() && selectors_[goal]->progress().done;
        if (goal_result.regular() || done || fail_fast_goal_ == goal) continue;
        goal_result.irregularity = irregularity_for(reason);
        goal_result.irregular_reason = "search stopped before this goal was reached: " + detail;
      }
    }
    result.trials = std::move(trials_);
    result.stop_reason = reason;
    result.stop_detail = std::move(detail);
    result.search_duration = clock_.now() - start_;
    return result;
  }

  const ControllerConfig& config_;
  const measure::Clock& clock_;
  measure::Measurer& measurer_;
  std::stop_token stop_;
  const SearchHooks& hooks_;
  LoadGrid grid_;
  LimitHandler handler_;
  TargetChains chains_;
  TrialDatabase database_;
  GlobalWidth global_width_;
  std::vector<std::unique_ptr<Selector>> selectors_;
  std::unique_ptr<FastSelection> fast_;
  std::vector<TrialRecord> trials_;
  std::optional<std::size_t> fail_fast_goal_;
  measure::Seconds start_;
};

}  // namespace

Controller::Controller(ControllerConfig config, const measure::Clock& clock)
    : config_(std::move(config)), clock_(clock) {
  config_.validate();
  // Builds the grid once so that widths too fine for the load range fail here.
  LoadGrid(config_.min_load_pps, config_.max_load_pps, relative_widths(config_));
}

SearchResult Controller::search(measure::Measurer& measurer, std::stop_token stop,
                                const SearchHooks& hooks) const {
  return SearchRun(config_, clock_, measurer, std::move(stop), hooks).run();
}

}  // namespace trexsearch::mlr
