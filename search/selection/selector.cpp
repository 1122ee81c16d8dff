#include "search/selection/selector.hpp"

#include <stdexcept>
#include <string>
#include <utility>

namespace trexsearch::mlr {

Selector::Selector(std::size_t final_target, const TargetChains& chains, GlobalWidth& global_width,
                   GridIndex initial_lower, GridIndex initial_upper, const TrialDatabase& database,
                   const LoadGrid& grid, const LimitHandler& handler,
                   std::function<void(std::string_view)> debug)
    : chains_(chains),
      final_target_(final_target),
      current_target_(final_target),
      global_width_(global_width),
      initial_lower_(initial_lower),
      initial_upper_(initial_upper),
      database_(database),
      grid_(grid),
      handler_(handler),
      debug_(std::move(debug)) {
  // Start from the coarsest target of the chain.
  while (const auto preceding = chains_.targets[current_target_].preceding) {
    current_target_ = *preceding;
  }
  recreate_strategies();
}

void Selector::recreate_strategies() {
  const TargetSpec& target = chains_.targets[current_target_];
  expander_ = std::make_unique<TargetedExpander>(target.width_steps, target.expansion_coefficient,
                                                 global_width_, initial_lower_, initial_upper_);
  std::function<void(std::string_view)> debug;
  if (debug_) {
    const std::string prefix = "target depth " + std::to_string(target.depth) + ": ";
    debug = [this, prefix](std::string_view text) { debug_(prefix + std::string(text)); };
  }
  strategies_ = make_strategies(
      StrategyContext{target, *expander_, initial_lower_, initial_upper_, handler_, debug});
  current_strategy_ = nullptr;
}

void Selector::update_bounds() {
  const RelevantBounds bounds = database_.relevant_bounds(current_target_);
  // Every measured load is a grid point, so this conversion is exact.
  bounds_.clo.reset();
  bounds_.chi.reset();
  if (bounds.lower_pps) bounds_.clo = grid_.index_at_or_below(*bounds.lower_pps);
  if (bounds.upper_pps) bounds_.chi = grid_.index_at_or_below(*bounds.upper_pps);
}

SelectorTurn Selector::nominate() {
  update_bounds();
  current_strategy_ = nullptr;
  done_ = false;
  while (true) {
    const TargetSpec& target = chains_.targets[current_target_];
    for (const auto& strategy : strategies_) {
      if (auto nomination = strategy->nominate(bounds_)) {
        current_strategy_ = strategy.get();
        return {SelectorTurn::Status::nominated, *nomination, target.classification.trial_duration};
      }
    }
    if (!bounds_.clo && !bounds_.chi) {
      throw std::logic_error("selector: no strategy nominates and target depth " +
                             std::to_string(target.depth) + " has no bound at all");
    }
    if (current_target_ == final_target_) {
      if (!bounds_.clo && target.fail_fast) return {SelectorTurn::Status::fail_fast, {}, {}};
      done_ = true;
      return {SelectorTurn::Status::done, {}, {}};
    }
    // This target is achieved: the next finer one starts from its bounds.
    initial_lower_ = bounds_.clo;
    initial_upper_ = bounds_.chi;
    ++current_target_;
    update_bounds();
    recreate_strategies();
  }
}

void Selector::won(GridIndex load) {
  update_bounds();
  if (current_strategy_) current_strategy_->won(bounds_, load);
}

GoalProgress Selector::progress() const {
  const RelevantBounds bounds = database_.relevant_bounds(current_target_);
  return {bounds.lower_pps, bounds.upper_pps, chains_.targets[current_target_].depth, done_};
}

}  // namespace trexsearch::mlr
