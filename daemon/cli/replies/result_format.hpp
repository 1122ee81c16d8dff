#pragma once

#include <optional>
#include <string>

#include "daemon/cli/text/number_text.hpp"
#include "daemon/protocol/replies/job_replies.hpp"
#include "daemon/protocol/replies/result_document.hpp"
#include "plr/tester_limit.hpp"

namespace trexsearch::cli {

/// `result` for people. MLR: how the search ended, the goal table (a tester-limited
/// goal says so instead of "regular", with a sentence under the table), each
/// direction's counts at the relevant bounds, the notes counted per key and load,
/// the counters used. PLR: the estimate, its interval, the trend, the
/// tester-limited trials, the notes and counters. MRR and soaks: the receive rates.
std::string format_result(const protocol::ResultReply& result);

/// A soak's tester-limited trials and whether they bear on its estimate
/// (`tester_limited`; `result`'s PLR result and `show` carry both):
/// "tester: 12 tester-limited trials (...)\n  TESTER-LIMITED: ...\n"; "" without any.
std::string format_plr_tester_limit(const std::optional<plr::PlrTesterLimit>& tester_limit,
                                    bool tester_limited, std::string_view unit = kFramesPerSecond);

/// True for an MLR result whose search did not complete (fail_fast, the search
/// time limit): its bounds are partial, as simulate's exit code 3 says. A PLR
/// soak ends on its budget, so it never counts as stopped early.
bool result_stopped_early(const protocol::ResultDocument& result);
/// "search stopped early (fail_fast: ...)", or "" when it did not.
std::string stopped_early_notice(const protocol::ResultDocument& result);

/// True when the result is not a clean one: a goal's upper bound is tester-limited
/// (MLR), a tester-limited trial fell at or below the estimate's upper end (PLR),
/// or trials were tester-limited (MRR, soak). Results stored before these keys
/// existed are clean.
bool result_not_clean(const protocol::ResultDocument& result);

/// Why it is not clean, in one line: "not a clean result: NDR's upper bound is the
/// tester's (it reached 1000000.0 pps)"; empty when it is clean.
std::string not_clean_notice(const protocol::ResultDocument& result,
                             std::string_view unit = kFramesPerSecond);

}  // namespace trexsearch::cli
