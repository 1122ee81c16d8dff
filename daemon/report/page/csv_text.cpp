#include "daemon/report/page/csv_text.hpp"

namespace trexsearch::report {

std::string quoted_csv_field(const std::string& text) {
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  return quoted_csv_field(text);
}

}  // namespace trexsearch::report
