#include "daemon/report/hooks_report.hpp"

#include <cstdio>
#include <map>
#include <utility>

#include "daemon/report/page/html_text.hpp"

namespace trexsearch::report {
namespace {

constexpr std::size_t kMaxListed = 50;

struct HookTotals {
  std::size_t runs = 0;
  std::size_t failed = 0;
  double seconds = 0.0;
  double longest_s = 0.0;
};

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", seconds);
  return text;
}

std::string totals_table(const std::vector<protocol::HookRunRecord>& runs) {
  // Points in the order they run, then hooks in the order they first ran.
  std::vector<std::pair<std::string, std::string>> order;
  std::map<std::pair<std::string, std::string>, HookTotals> totals;
  for (const auto& run : runs) {
    const auto key = std::make_pair(run.point, run.hook);
    auto [entry, added] = totals.try_emplace(key);
    if (added) order.push_back(key);
    ++entry->second.runs;
    entry->second.failed += run.ok ? 0 : 1;
    entry->second.seconds += run.duration_s;
    entry->second.longest_s = std::max(entry->second.longest_s, run.duration_s);
  }
  std::string html =
      "<table>\n<tr><th>point</th><th>hook</th><th>runs</th><th>failed</th><th>time in "
      "all</th><th>longest</th></tr>\n";
  for (const auto& key : order) {
    const HookTotals& row = totals.at(key);
    html += "<tr><td>" + escape_html(key.first) + "</td><td>" + escape_html(key.second) +
            "</td><td class=\"num\">" + std::to_string(row.runs) + "</td><td class=\"num\">" +
            std::to_string(row.failed) + "</td><td class=\"num\">" + seconds_text(row.seconds) +
            "</td><td class=\"num\">" + seconds_text(row.longest_s) + "</td></tr>\n";
  }
  return html + "</table>\n";
}

std::string run_html(const protocol::HookRunRecord& run) {
  std::string title = run.point + " " + run.hook;
  if (run.trial) {
    title += " (trial " + std::to_string(*run.trial);
    if (run.attempt > 1) title += ", attempt " + std::to_string(run.attempt);
    title += ")";
  }
  title += ": " + run.text;
  if (!run.failure_action.empty()) title += " [" + run.failure_action + "]";
  return "<h3>" + escape_html(title) + "</h3>\n<pre>" +
         escape_html(run.output.empty() ? "(no output)" : run.output) + "</pre>\n";
}

}  // namespace

std::string hooks_section(const std::vector<protocol::HookRunRecord>& runs) {
  if (runs.empty()) return "";
  std::string html =
      "<h2 id=\"hooks\">Hooks</h2>\n<p class=\"note\">The operator's commands the job ran "
      "around its search and trials (docs/testbeds.md \"Hooks\"); each trial's notes name "
      "the runs around it.</p>\n" +
      totals_table(runs);
  std::size_t listed = 0;
  std::size_t unlisted = 0;
  for (const auto& run : runs) {
    if (run.trial && run.ok) continue;
    if (listed == kMaxListed) {
      ++unlisted;
      continue;
    }
    html += run_html(run);
    ++listed;
  }
  if (unlisted > 0) {
    html += "<p class=\"note\">" + std::to_string(unlisted) +
            " more runs at the search points or failed are not listed here: `trex-search show "
            "JOB --hooks` lists every run.</p>\n";
  }
  return html;
}

}  // namespace trexsearch::report
