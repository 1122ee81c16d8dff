#include "bench/mlrsearch/table_text.hpp"

#include <cstdio>

namespace trexsearch::bench {

std::string format(const char* pattern, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, pattern, value);
  return buffer;
}

std::string load_text(const std::optional<double>& load_pps) {
  return load_pps ? format("%.1f", *load_pps) : "-";
}

std::optional<double> relative_error(const std::optional<double>& found,
                                     const std::optional<double>& truth) {
  if (!found || !truth) return std::nullopt;
  return (*found - *truth) / *truth;
}

std::string percent_text(const std::optional<double>& ratio) {
  return ratio ? format("%+.3f %%", 100.0 * *ratio) : "n/a";
}

}  // namespace trexsearch::bench
