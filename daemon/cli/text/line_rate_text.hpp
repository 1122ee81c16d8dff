#pragma once

#include <optional>
#include <string>
#include <vector>

#include "daemon/protocol/replies/job_replies.hpp"
#include "daemon/protocol/replies/result_document.hpp"

namespace trexsearch::cli {

/// The goal bounds again in % of line rate and Gbit/s at layer 1 (docs/loads.md),
/// from a `result` reply's `line_rate`; empty when the reply has none (no port
/// speed known, or not a TRex job).
std::string format_goal_line_rate(const std::vector<protocol::ResultGoal>& goals,
                                  const std::optional<protocol::LineRateFacts>& line_rate);

/// "= 21.48 % of line rate, 2.148 Gbit/s L1" for one load; empty without a line rate.
std::string line_rate_suffix(double load_pps,
                             const std::optional<protocol::LineRateFacts>& line_rate);

}  // namespace trexsearch::cli
