#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "measure/trial_result.hpp"
#include "measure/units.hpp"
#include "plr/estimate.hpp"

namespace trexsearch::plr {

/// One trial of a soak search with what was computed while it ran. Everything a resumed
/// search needs is here, so a list of these is the whole state of a search.
struct PlrTrial {
  /// 1-based, in the order measured.
  std::size_t number = 0;
  /// The request and its counts (counts are required).
  measure::TrialResult result;
  /// Clock time since the search started (summed over resumed runs) when the trial was
  /// requested and when it and its computation ended.
  measure::Seconds started_at{0.0};
  measure::Seconds finished_at{0.0};
  /// The model's loss count (see model_loss_count) and whether it reached the target.
  std::int64_t model_loss_count = 0;
  bool lossy = false;
  /// The computation that ran during this trial, over trials 1 .. number-1 (the reference's
  /// pipelining, draft-02 section 4.3.2): stretch, erf.
  std::array<FitEstimate, 2> fits;
  /// Both fits combined; absent only if neither fit had a weighted sample.
  std::optional<PlrEstimate> estimate;
};

}  // namespace trexsearch::plr
