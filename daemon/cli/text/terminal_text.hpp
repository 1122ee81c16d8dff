#pragma once

#include <string>
#include <string_view>

namespace trexsearch::cli {

/// Text from elsewhere (a measurer's notes, job names, reasons) made safe to print
/// on a terminal: control characters (C0 including newline and tab, DEL, C1) and
/// bytes that are not UTF-8 become visible escapes such as `\x1b`, so a note can
/// neither move the cursor, clear the screen or retitle the window, nor break a
/// line in two. Printable UTF-8 is kept as it is.
std::string terminal_safe(std::string_view text);

/// The same for a whole printout: newlines stay, everything else as terminal_safe.
std::string terminal_safe_lines(std::string_view text);

}  // namespace trexsearch::cli
