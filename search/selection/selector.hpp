#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "search/controller.hpp"
#include "search/selection/expander.hpp"
#include "search/selection/limit_handler.hpp"
#include "search/selection/load_grid.hpp"
#include "search/selection/target_scaling.hpp"
#include "search/strategy/strategy.hpp"
#include "search/trial_database.hpp"

namespace trexsearch::mlr {

/// What a selector answers when asked for its next load.
struct SelectorTurn {
  enum class Status { nominated, done, fail_fast };
  Status status = Status::done;
  Nomination nomination;
  measure::Seconds duration{0.0};
};

/// Drives one goal through its chain of targets, coarsest first. Each turn it
/// asks the strategies of its current target, in priority order, for a load;
/// when none nominates it moves on to the next finer target, starting from the
/// bounds the previous one found. It never goes back to a coarser target.
class Selector {
 public:
  Selector(std::size_t final_target, const TargetChains& chains, GlobalWidth& global_width,
           GridIndex initial_lower, GridIndex initial_upper, const TrialDatabase& database,
           const LoadGrid& grid, const LimitHandler& handler,
           std::function<void(std::string_view)> debug);

  /// Nominates a load (side effects: may advance the target, narrow the expander).
  SelectorTurn nominate();
  /// The nominated load was measured.
  void won(GridIndex load);
  /// Where this goal's search stands now.
  GoalProgress progress() const;

 private:
  void update_bounds();
  void recreate_strategies();

  const TargetChains& chains_;
  std::size_t final_target_;
  std::size_t current_target_;
  GlobalWidth& global_width_;
  std::optional<GridIndex> initial_lower_;
  std::optional<GridIndex> initial_upper_;
  const TrialDatabase& database_;
  const LoadGrid& grid_;
  const LimitHandler& handler_;
  std::function<void(std::string_view)> debug_;

  std::unique_ptr<TargetedExpander> expander_;
  std::vector<std::unique_ptr<Strategy>> strategies_;
  Strategy* current_strategy_ = nullptr;
  GridBounds bounds_;
  bool done_ = false;
};

}  // namespace trexsearch::mlr
