#pragma once

#include "search/selection/load_grid.hpp"

namespace trexsearch::mlr {

/// The point at which to split the grid interval [lower, upper] when aiming for
/// intervals of `target_width` steps. Not the exact middle: one part is made a
/// power-of-two multiple of the target width (most even such split, lower part
/// the smaller), which biases towards the lower bound and lets later halvings
/// land exactly on the target width. The interval must be wider than the target.
GridIndex interval_middle(GridIndex lower, GridIndex upper, GridIndex target_width);

}  // namespace trexsearch::mlr
