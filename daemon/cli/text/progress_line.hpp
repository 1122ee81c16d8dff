#pragma once

#include <span>
#include <string>
#include <vector>

#include "search/controller.hpp"

namespace trexsearch::cli {

/// One line for humans after each trial, e.g.
/// "trial 7 [main] load 1234567.8 pps, 1 s: loss 0.00 %; NDR [1200000.0, 1300000.0]; PDR
/// [1250000.0, -] (preceding target 1)". Goal labels are given in goal order. A trial
/// with notes gets markers after its loss (as `watch` shows them) and its notes,
/// one per line indented by 4, under it; everything terminal-safe.
std::string format_progress_line(const mlr::TrialRecord& trial,
                                 std::span<const mlr::GoalProgress> progress,
                                 const std::vector<std::string>& goal_labels);

}  // namespace trexsearch::cli
