#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "daemon/report/bound_convergence.hpp"
#include "search/search_result.hpp"

namespace trexsearch::report {

// The MLRsearch report's charts, each with its legend and caption (HTML).

/// A goal's colour, the same in every chart and table of the report.
const char* goal_colour(std::size_t index);

/// Trial loss ratio against trial load on a log axis, each goal's loss ratio as a
/// dashed line. Zoomed to the final bounds' neighbourhood when trials lie far off
/// (the first trial at max load would squash the rest into a line); the caption
/// says how many were left out.
std::string mlr_loss_chart(const mlr::SearchResult& result);

/// Each goal's relevant lower (dashed) and upper (solid) bound after each trial,
/// with the trial loads as markers, around the final bounds.
std::string mlr_convergence_chart(const mlr::SearchResult& result,
                                  const std::vector<BoundStep>& steps);

/// Every trial's load by trial number, full range (colour = loss ratio, marker
/// size = duration), each goal's final bounds as a band.
std::string mlr_trial_chart(const mlr::SearchResult& result);

}  // namespace trexsearch::report
