#include "measure/errors.hpp"

#include <array>
#include <charconv>
#include <cmath>

namespace trexsearch::measure {

std::string format_value(double value) {
  // Shortest representation that reads back to the same double, so an error
  // message quotes exactly the value the user gave. Loads and durations read
  // better without exponents (14880952, not 1.4880952e+07), so the fixed form
  // is used for everyday magnitudes.
  std::array<char, 400> buffer{};
  const double magnitude = std::fabs(value);
  const bool everyday = magnitude == 0.0 || (magnitude >= 1e-5 && magnitude < 1e15);
  auto [end, ec] = everyday ? std::to_chars(buffer.data(), buffer.data() + buffer.size(), value,
                                            std::chars_format::fixed)
                            : std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  if (ec != std::errc{}) return "?";
  return std::string(buffer.data(), end);
}

}  // namespace trexsearch::measure
