#include "search/errors.hpp"

#include <array>
#include <charconv>

namespace trexsearch {

std::string format_value(double value) {
  // Shortest representation that reads back to the same double, so an error
  // message quotes exactly the value the user gave.
  std::array<char, 64> buffer{};
  auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  if (ec != std::errc{}) return "?";
  return std::string(buffer.data(), end);
}

}  // namespace trexsearch
