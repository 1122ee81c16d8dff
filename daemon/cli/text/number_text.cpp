#include "daemon/cli/text/number_text.hpp"

#include <cstdio>

namespace trexsearch::cli {

std::string fixed(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string load_text(double pps) { return fixed(pps, 1); }

std::string pad(const std::string& text, std::size_t width) {
  return text.size() >= width ? text + " " : text + std::string(width - text.size(), ' ');
}

}  // namespace trexsearch::cli
