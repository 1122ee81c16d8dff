// The connection string's two uses outside libpq's connect: checking it, and naming the
// server without its password (docs/fleet.md "Set-up").
#include "daemon/fleet/conninfo.hpp"

#include <libpq-fe.h>

#include <cstring>
#include <memory>

namespace trexsearch::fleet {

namespace {

std::string quoted_value(const std::string& value) {
  const bool plain = !value.empty() && value.find_first_of(" '\\\t\n") == std::string::npos;
  if (plain) return value;
  std::string quoted = "'";
  for (char c : value) {
    if (c == '\'' || c == '\\') quoted.push_back('\\');
    quoted.push_back(c);
  }
  return quoted + "'";
}

using ParsedConninfo = std::unique_ptr<PQconninfoOption, decltype(&PQconninfoFree)>;

// libpq's parse of the string; null when it cannot parse it.
ParsedConninfo parsed_conninfo(const std::string& conninfo) {
  char* error = nullptr;
  ParsedConninfo options(PQconninfoParse(conninfo.c_str(), &error), &PQconninfoFree);
  if (error) PQfreemem(error);  // its text may quote the string, password included
  return options;
}

}  // namespace

bool conninfo_parses(const std::string& conninfo) { return parsed_conninfo(conninfo) != nullptr; }

std::string redacted_conninfo(const std::string& conninfo) {
  const ParsedConninfo options = parsed_conninfo(conninfo);
  if (!options) return "(unparsable connection string)";
  std::string shown;
  for (const PQconninfoOption* option = options.get(); option->keyword; ++option) {
    if (!option->val) continue;
    const bool secret = std::strcmp(option->keyword, "password") == 0;
    if (!shown.empty()) shown += ' ';
    shown += std::string(option->keyword) + "=" + (secret ? "***" : quoted_value(option->val));
  }
  return shown;
}

}  // namespace trexsearch::fleet
