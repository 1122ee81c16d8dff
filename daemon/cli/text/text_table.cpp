#include "daemon/cli/text/text_table.hpp"

#include <algorithm>

namespace trexsearch::cli {

std::string format_text_table(const std::vector<std::vector<std::string>>& rows,
                              const std::vector<bool>& numeric) {
  std::vector<std::size_t> widths;
  for (const auto& row : rows) {
    if (widths.size() < row.size()) widths.resize(row.size(), 0);
    for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
  }
  std::string table;
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i) {
      const std::string pad(widths[i] - row[i].size(), ' ');
      const bool right = i < numeric.size() && numeric[i];
      if (i > 0) line += "  ";
      line += right ? pad + row[i] : row[i] + pad;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    table += line + "\n";
  }
  return table;
}

}  // namespace trexsearch::cli
