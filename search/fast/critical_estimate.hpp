#pragma once

#include <optional>
#include <span>

#include "search/load_classification.hpp"
#include "search/search_result.hpp"

namespace trexsearch::mlr {

/// Where the fast strategy expects a target's critical load: the load at which
/// trials would lose just the target's loss ratio. Each high-loss trial says
/// "the SUT forwarded this much", so its forwarding rate (draft-06 "Trial
/// Forwarding Rate") divided by (1 - loss ratio) is a load that would have lost
/// about the goal loss ratio; the median over such trials resists outliers
/// (bursts, background loss). Trials at least as long as the target's are
/// preferred, because short trials can see buffers the long ones fill
/// (duration-dependent SUTs). Nothing when no trial was high-loss for the target.
/// Warmup trials are ignored.
std::optional<double> critical_load_estimate_pps(std::span<const TrialRecord> trials,
                                                 const ClassificationTarget& target);

}  // namespace trexsearch::mlr
