#include "daemon/cli/suite_values.hpp"

#include <algorithm>
#include <charconv>
#include <string>
#include <vector>

#include "daemon/cli/command_errors.hpp"
#include "daemon/cli/number_text.hpp"
#include "daemon/cli/terminal_text.hpp"
#include "daemon/cli/text_table.hpp"

namespace trexsearch::cli {
namespace {

bool has_ended(const report::SuiteReportEntry& entry) {
  return entry.state == "finished" || entry.state == "failed" || entry.state == "cancelled";
}

}  // namespace

std::string format_suite_data(const report::SuiteReportData& data) {
  const auto ended = std::count_if(data.entries.begin(), data.entries.end(), has_ended);
  std::string text = "suite " + std::to_string(data.id) + " (" + terminal_safe(data.name) +
                     "): " + std::to_string(data.entries.size()) + " jobs, " +
                     std::to_string(ended) + " ended; created " + data.created_at + "\n";
  std::vector<std::vector<std::string>> rows{
      {"JOB", "ENTRY", "STATE", "VALUE", "PPS/DIR", "%LINE", "GBIT/S", "NOTES"}};
  std::vector<std::string> unclean;
  for (const auto& entry : data.entries) {
    const std::string label =
        terminal_safe(entry.label) + (entry.repeat > 1 ? "#" + std::to_string(entry.repeat) : "");
    const std::string notes =
        entry.trials_with_notes ? std::to_string(*entry.trials_with_notes) : "-";
    if (entry.values.empty()) {
      rows.push_back({std::to_string(entry.job), label, entry.state, "-", "-", "-", "-", notes});
      continue;
    }
    for (const auto& value : entry.values) {
      const auto percent = report::percent_of_line(entry, value);
      const auto gbps = report::l1_gbps(entry, value);
      std::string pps =
          value.value_pps ? fixed(*value.value_pps / value.summed_directions, 0) : "-";
      if (value.at_max_load) pps = ">=" + pps;
      if (!value.unclean_reason.empty()) {
        pps += "*";
        unclean.push_back("job " + std::to_string(entry.job) + " " + terminal_safe(value.goal) +
                          ": " + terminal_safe(value.unclean_reason));
      }
      rows.push_back({std::to_string(entry.job), label, entry.state, terminal_safe(value.goal), pps,
                      percent ? fixed(*percent, 2) : "-", gbps ? fixed(*gbps, 3) : "-", notes});
    }
  }
  text += format_text_table(rows, {true, false, false, false, true, true, true, true});
  text +=
      "(PPS/DIR: frames/s per direction, a receive rate divided by its directions;\n"
      " >=: max_load passed, the SUT's limit is higher (at 100 % the link's);\n"
      " NOTES: trials with notes, listed by trex-search show JOB)\n";
  for (const std::string& line : unclean) text += "* not clean: " + line + "\n";
  return text;
}

bool names_suite(const std::string& text) {
  if (text.empty()) return false;
  for (const char c : text) {
    if (c < '0' || c > '9') return true;
  }
  return false;
}

protocol::SuiteRef suite_ref(const std::string& text) {
  const std::string prefix = "suite:";
  if (text.rfind(prefix, 0) == 0) {
    const std::string number = text.substr(prefix.size());
    std::int64_t id = 0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), id);
    if (ec != std::errc{} || end != number.data() + number.size() || id <= 0) {
      throw UsageError("SUITE '" + text + "': suite:N needs a suite id (a whole number >= 1)");
    }
    return protocol::SuiteRef{id, ""};
  }
  const char first = text.empty() ? '\0' : text[0];
  if (!((first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z'))) {
    throw UsageError("'" + text + "': expected a job id, a suite name or suite:N");
  }
  return protocol::SuiteRef{std::nullopt, text};
}

}  // namespace trexsearch::cli
