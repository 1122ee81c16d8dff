#pragma once

#include <json/value.h>

#include <string>

namespace trexsearch::cli {

/// An MRR or soak result (encode_fixed_load_result, or `show`'s `fixed_load`
/// summary) for people: the receive rate's mean and stdev in aggregate and per
/// direction, what the rates are based on, the tester limit, the soak's threshold
/// verdict. Without the trials and notes (the callers add those).
std::string format_fixed_load_summary(const Json::Value& summary, const Json::Value& line_rate);

/// "not a clean result: 2 of 10 trials were tester-limited (...)"; "" when clean.
std::string fixed_load_not_clean_notice(const Json::Value& summary);

}  // namespace trexsearch::cli
