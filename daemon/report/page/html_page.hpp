#pragma once

#include <string>
#include <string_view>

namespace trexsearch::report {

/// Wraps body HTML into a complete page with the report's inline style sheet
/// (no external scripts, fonts or requests: it opens offline and prints well).
std::string html_page(std::string_view title, std::string_view body);

}  // namespace trexsearch::report
