#pragma once

#include <optional>
#include <string>
#include <vector>

#include "daemon/cli/text/number_text.hpp"
#include "daemon/protocol/replies/job_progress.hpp"
#include "plr/estimate.hpp"

namespace trexsearch::cli {

// Where a running job stands, for people (`show`, `watch`, `status`): loads in
// frames/s with one decimal, absent ones as "-".

/// "NDR [900000.0, -] (target 1); PDR [950000.0, 1000000.0] done".
std::string goal_bounds_text(const std::vector<protocol::GoalProgress>& goals);

/// "estimate 3203296.2 pps +- 1523.4 (0.048 %)", or "no estimate yet".
std::string plr_estimate_text(const std::optional<plr::PlrEstimate>& estimate,
                              std::string_view unit = kFramesPerSecond);

/// The goals' bounds (MLR) or the estimate (PLR), and the search time against its
/// limit: "NDR [...]; search time 12.8 of 600 s".
std::string progress_summary(const protocol::JobProgress& progress,
                             std::string_view unit = kFramesPerSecond);

}  // namespace trexsearch::cli
