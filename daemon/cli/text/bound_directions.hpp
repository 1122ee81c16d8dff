#pragma once

#include <string>

#include "daemon/protocol/replies/result_document.hpp"

namespace trexsearch::cli {

/// Which direction lost the frames where it matters: for every load that is a
/// goal's relevant lower or upper bound, each direction's counts summed over the
/// trials at that load (warmup excluded), the loss ratio of those sums (the
/// reference's formula, unsent frames counted), and the worst single trial's loss
/// ratio in that direction. From an MLR result; empty when no trial at a bound has
/// per-direction counts.
std::string format_bound_directions(const protocol::MlrResultView& result);

}  // namespace trexsearch::cli
