#pragma once

#include <string>

namespace trexsearch::fleet {

/// `conninfo` as one may log or show it: libpq parses it and every password is
/// replaced by "***"; a string libpq cannot parse is shown as "(unparsable
/// connection string)".
std::string redacted_conninfo(const std::string& conninfo);
/// Whether libpq can parse `conninfo` (a connection string or URL); checks the syntax
/// only, connects nowhere.
bool conninfo_parses(const std::string& conninfo);

}  // namespace trexsearch::fleet
