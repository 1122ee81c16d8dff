#pragma once

#include <cstddef>
#include <string>

namespace trexsearch::test_support {

/// How many times `what` occurs in `text` (overlaps counted).
inline std::size_t count_occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace trexsearch::test_support
