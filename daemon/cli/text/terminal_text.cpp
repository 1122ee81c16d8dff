#include "daemon/cli/text/terminal_text.hpp"

#include "daemon/codec/display_text.hpp"

namespace trexsearch::cli {

std::string terminal_safe(std::string_view text) { return codec::escape_control_characters(text); }

std::string terminal_safe_lines(std::string_view text) {
  // Line by line through the same escaping: newlines stay, while tabs and
  // carriage returns are escaped as in terminal_safe (a tab would misalign a
  // progress line). A newline byte is never part of a UTF-8 sequence, so
  // splitting there keeps every character whole.
  std::string safe;
  safe.reserve(text.size());
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find('\n', start);
    safe += codec::escape_control_characters(text.substr(start, end - start));
    if (end == std::string_view::npos) return safe;
    safe += '\n';
    start = end + 1;
  }
}

}  // namespace trexsearch::cli
