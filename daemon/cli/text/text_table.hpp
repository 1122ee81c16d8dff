#pragma once

#include <string>
#include <vector>

namespace trexsearch::cli {

/// Rows as an aligned text table, two spaces between columns: columns flagged in
/// `numeric` are right-aligned, the others left-aligned; no trailing spaces.
std::string format_text_table(const std::vector<std::vector<std::string>>& rows,
                              const std::vector<bool>& numeric);

}  // namespace trexsearch::cli
