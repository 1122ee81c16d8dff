#include "search/selection/expander.hpp"

#include <algorithm>

namespace trexsearch::mlr {
namespace {

// Far wider than any grid (see LoadGrid), so saturating here changes nothing
// but keeps repeated expansion from overflowing.
constexpr GridIndex kWidthCap = GridIndex{1} << 52;

}  // namespace

TargetedExpander::TargetedExpander(GridIndex target_width, int expansion_coefficient,
                                   GlobalWidth& global, std::optional<GridIndex> initial_lower,
                                   std::optional<GridIndex> initial_upper)
    : target_width_(target_width),
      coefficient_(expansion_coefficient),
      global_(global),
      next_width_(target_width) {
  if (initial_lower && initial_upper) {
    next_width_ = std::max(next_width_, *initial_upper - *initial_lower);
  }
  grow();
}

GridIndex TargetedExpander::width() const { return std::max(global_.steps, next_width_); }

void TargetedExpander::expand() {
  grow();
  global_.steps = next_width_;
}

void TargetedExpander::limit(GridIndex last_width) {
  next_width_ = std::max(last_width, target_width_);
  grow();
}

void TargetedExpander::grow() {
  next_width_ = next_width_ > kWidthCap / coefficient_ ? kWidthCap : next_width_ * coefficient_;
}

}  // namespace trexsearch::mlr
