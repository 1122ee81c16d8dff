#pragma once

#include <string>

#include "daemon/cli/analysis/job_comparison.hpp"

namespace trexsearch::cli {

/// `compare` for people: one column per job (its name, method, state, creation
/// time, profile, frame size), per goal the value with % of line rate, the spread
/// and the difference to the first job; then a line per regression and what the
/// markers mean. Every piece from the store is terminal-safe.
std::string format_comparison(const Comparison& comparison);

}  // namespace trexsearch::cli
