#pragma once

#include <string>
#include <string_view>

namespace trexsearch::report {

/// Escapes text for HTML element content and attribute values.
std::string escape_html(std::string_view text);

/// A number for people: thousands separated by thin spaces, `decimals` places.
std::string format_number(double value, int decimals = 1);

}  // namespace trexsearch::report
