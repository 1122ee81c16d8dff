#pragma once

#include <optional>
#include <string>

namespace trexsearch::bench {

/// `pattern` (one printf double conversion) applied to `value`.
std::string format(const char* pattern, double value);
/// A load in frames/s with one decimal, or "-" when absent.
std::string load_text(const std::optional<double>& load_pps);
/// (found - truth) / truth; absent when either is.
std::optional<double> relative_error(const std::optional<double>& found,
                                     const std::optional<double>& truth);
/// A signed ratio in percent with three decimals, or "n/a".
std::string percent_text(const std::optional<double>& ratio);

}  // namespace trexsearch::bench
