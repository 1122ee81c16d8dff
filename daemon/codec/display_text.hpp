#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace trexsearch::codec {

/// What makes `text` unfit as a name shown on terminals and in logs: invalid
/// UTF-8, or a control character (C0, DEL, C1: U+0000-U+001F, U+007F-U+009F),
/// e.g. "contains the control character U+001B at byte 3"; nullopt when it is fit.
std::optional<std::string> name_text_problem(std::string_view text);

/// `text` safe to write to a terminal: control characters become `\xHH` (C0, DEL)
/// or `\u00HH` (C1), bytes that are not UTF-8 `\xHH`; newline, tab and CR before
/// LF (CSV) are kept when `keep_line_breaks`. Valid printable UTF-8 is unchanged.
std::string escape_control_characters(std::string_view text, bool keep_line_breaks = false);

}  // namespace trexsearch::codec
