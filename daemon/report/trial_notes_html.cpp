#include "daemon/report/trial_notes_html.hpp"

#include "daemon/report/page/display_number.hpp"
#include "daemon/report/page/html_text.hpp"

namespace trexsearch::report {

std::string tester_limited_tooltip(double reached_pps,
                                   const std::optional<double>& measured_loss_ratio) {
  std::string text =
      "; TESTER-LIMITED: the tester reached " + load_text(reached_pps) + ", counted as full loss";
  if (measured_loss_ratio) text += " (its counts give " + ratio_text(*measured_loss_ratio) + ")";
  return text;
}

std::string notes_cell(const std::vector<measure::TrialNote>& notes,
                       const std::optional<double>& tester_limited_pps,
                       const std::optional<double>& measured_loss_ratio) {
  std::string html = "<td class=\"notes\">";
  bool first = true;
  if (tester_limited_pps) {
    html += "<span class=\"tester-limited\">TESTER-LIMITED</span>: the tester reached " +
            load_text(*tester_limited_pps) + "; counted as full loss";
    if (measured_loss_ratio) {
      html += ", its counts give loss ratio " + ratio_text(*measured_loss_ratio);
    }
    first = false;
  }
  for (const measure::TrialNote& note : notes) {
    html += (first ? "" : "<br>") + escape_html(note.text());
    first = false;
  }
  return html + "</td>";
}

std::string direction_table(const std::vector<DirectionGroup>& groups) {
  bool any = false;
  for (const DirectionGroup& group : groups) any = any || !group.directions.empty();
  if (!any) return "";
  // Rows start with a header cell: the trial table's rows are the only ones that
  // start with a numeric data cell.
  std::string html =
      "<table>\n<tr><th>where</th><th class=\"num\">trials</th><th>direction</th>"
      "<th class=\"num\">offered</th><th class=\"num\">received</th>"
      "<th class=\"num\">unsent</th><th class=\"num\">loss ratio of the sums</th>"
      "<th class=\"num\">worst trial</th></tr>\n";
  const auto num = [](const std::string& text) { return "<td class=\"num\">" + text + "</td>"; };
  for (const DirectionGroup& group : groups) {
    for (std::size_t i = 0; i < group.directions.size(); ++i) {
      const DirectionSum& sum = group.directions[i];
      html += "<tr><th>" + (i == 0 ? escape_html(group.label) : std::string()) + "</th>" +
              num(i == 0 ? std::to_string(group.trials) : "") + "<td>" +
              escape_html(sum.counts.name) + "</td>" + num(count_text(sum.counts.offered)) +
              num(count_text(sum.counts.received)) + num(count_text(sum.counts.unsent())) +
              num(ratio_text(sum.counts.loss_ratio())) + num(ratio_text(sum.worst_loss_ratio)) +
              "</tr>\n";
    }
  }
  return html + "</table>\n";
}

std::string counters_text(const std::vector<std::pair<std::string, std::size_t>>& counters,
                          std::size_t trials) {
  std::string sources;
  std::size_t said = 0;
  for (const auto& [source, n] : counters) {
    sources +=
        (sources.empty() ? "" : ", ") + escape_html(source) + " (" + std::to_string(n) + " trials)";
    said += n;
  }
  if (said < trials && !sources.empty()) {
    sources += ", not reported (" + std::to_string(trials - said) + " trials)";
  }
  return sources;
}

std::string notes_section(const NoteTally& tally,
                          const std::vector<std::pair<std::string, std::size_t>>& counters,
                          std::size_t trials) {
  std::string html = "<h2 id=\"notes\">Notes</h2>\n";
  const std::vector<NoteCount> counts = tally.counts();
  if (counts.empty()) {
    html += "<p class=\"note\">No trial has a note.</p>\n";
  } else {
    html +=
        "<table>\n<tr><th>note</th><th class=\"num\">trials</th><th>at load: "
        "trials</th></tr>\n";
    for (const NoteCount& count : counts) {
      std::string loads;
      for (const auto& [load, n] : count.per_load) {
        loads += (loads.empty() ? "" : "; ") + load_text(load) + ": " + std::to_string(n);
      }
      html += "<tr><th>" + escape_html(count.key) + "</th><td class=\"num\">" +
              std::to_string(count.trials) + "</td><td>" + loads + "</td></tr>\n";
    }
    html += "</table>\n";
  }
  const std::string sources = counters_text(counters, trials);
  if (!sources.empty()) html += "<p class=\"note\">Counters: " + sources + ".</p>\n";
  return html;
}

}  // namespace trexsearch::report
