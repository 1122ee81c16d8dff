#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "search/selection/expander.hpp"
#include "search/selection/limit_handler.hpp"
#include "search/selection/load_grid.hpp"
#include "search/selection/target_scaling.hpp"

namespace trexsearch::mlr {

/// A load a strategy wants measured, and the width it stands for (if any).
struct Nomination {
  GridIndex load = 0;
  std::optional<GridIndex> width;
};

/// What every strategy of one selector shares while it works on one target.
struct StrategyContext {
  const TargetSpec& target;
  TargetedExpander& expander;
  /// The target's starting bounds: the previous target's relevant bounds.
  std::optional<GridIndex> initial_lower;
  std::optional<GridIndex> initial_upper;
  const LimitHandler& handler;
  std::function<void(std::string_view)> debug;
};

/// One way of choosing the next load for a target. Strategies are asked in a
/// fixed priority order; the first that nominates wins the selector's turn.
class Strategy {
 public:
  explicit Strategy(StrategyContext context) : context_(std::move(context)) {}
  virtual ~Strategy() = default;

  /// A load to measure given the current relevant bounds, or nothing.
  /// May narrow the expander even when the selector's candidate then loses.
  virtual std::optional<Nomination> nominate(const GridBounds& bounds) = 0;
  /// Called when this strategy's nomination was measured.
  virtual void won(const GridBounds& /*bounds*/, GridIndex /*load*/) {}

 protected:
  /// Measuring `load` can neither create nor improve a bound, or the bounds
  /// are narrow enough already.
  bool not_worth(const GridBounds& bounds, std::optional<GridIndex> load) const;
  void debug(const std::string& text) const;

  StrategyContext context_;
};

/// The six strategies in the reference's priority order:
/// Halve, RefineLo, RefineHi, ExtendLo, ExtendHi, Bisect.
std::vector<std::unique_ptr<Strategy>> make_strategies(const StrategyContext& context);

}  // namespace trexsearch::mlr
