#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "daemon/cli/text/number_text.hpp"

#include "search/tester_limit.hpp"

namespace trexsearch::cli {

// How every text output says that the tester, not the SUT, set a goal's upper
// bound (goal results' `tester_limited`), so `result`, `show`, `simulate --table`
// and `analyze --table` say it in the same words.

/// A goal's verdict in a table: "regular", "irregular: REASON", the tester limit,
/// or both (of a goal result or a `show` bound).
std::string goal_verdict(const std::optional<mlr::TesterLimit>& tester_limited, bool regular,
                         const std::string& irregular_reason,
                         std::string_view unit = kFramesPerSecond);

/// "TESTER-LIMITED (tester reached 1000000.0 pps)": the verdict a goal table shows
/// instead of "regular".
std::string tester_limited_verdict(double reached_pps, std::string_view unit = kFramesPerSecond);

/// The sentence under the table: "NDR: the upper bound 1004453.0 pps comes from 11
/// trials in which the tester could not offer the intended load (it reached at
/// most 1000000.0 pps): the bound describes the tester, not the SUT. ..."
std::string tester_limited_sentence(const std::string& label,
                                    const std::optional<double>& upper_bound_pps,
                                    std::size_t trials, double reached_pps,
                                    std::string_view unit = kFramesPerSecond);

}  // namespace trexsearch::cli
