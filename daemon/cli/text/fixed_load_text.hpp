#pragma once

#include <optional>
#include <string>

#include "daemon/cli/text/number_text.hpp"
#include "daemon/protocol/replies/job_replies.hpp"
#include "daemon/protocol/replies/result_document.hpp"

namespace trexsearch::cli {

/// An MRR or soak result (or `show`'s `fixed_load` summary) for people: the
/// receive rate's mean and stdev in aggregate and per direction, what the rates
/// are based on, the tester limit, the soak's threshold verdict. Without the trials
/// and notes (the callers add those).
std::string format_fixed_load_summary(const protocol::FixedLoadView& summary,
                                      const std::optional<protocol::LineRateFacts>& line_rate,
                                      std::string_view unit = kFramesPerSecond);

/// "not a clean result: 2 of 10 trials were tester-limited (...)"; "" when clean.
std::string fixed_load_not_clean_notice(const protocol::FixedLoadView& summary,
                                        std::string_view unit = kFramesPerSecond);

}  // namespace trexsearch::cli
