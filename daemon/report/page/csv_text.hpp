#pragma once

#include <string>

namespace trexsearch::report {

// RFC 4180 fields, shared by the per-job trial CSV (trial_csv) and
// `trex-search export --format csv` (docs/export.md).

/// `text` as a field: quoted only when it holds a comma, quote or line break; quotes doubled.
std::string csv_field(const std::string& text);

/// `text` as a field, always quoted: free text whose content must not decide its shape.
std::string quoted_csv_field(const std::string& text);

}  // namespace trexsearch::report
