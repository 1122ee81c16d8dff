#include "daemon/report/suite_report.hpp"

#include <sstream>

#include "daemon/report/charts/suite_charts.hpp"
#include "daemon/report/page/csv_text.hpp"
#include "daemon/report/page/display_number.hpp"
#include "daemon/report/page/html_page.hpp"
#include "daemon/report/page/html_text.hpp"
#include "measure/errors.hpp"

namespace trexsearch::report {
namespace {

// TRex's arithmetic (trex-flowstats-latency.md §4): on the wire a frame takes its
// size plus 20 B (preamble 7, SFD 1, inter-frame gap 12).
constexpr double kL1OverheadBytes = 20.0;

std::optional<double> l1_bits_per_frame(const SuiteReportEntry& entry) {
  if (!entry.frame_bytes || !entry.port_bps) return std::nullopt;
  return (*entry.frame_bytes + kL1OverheadBytes) * 8.0;
}

std::string frame_cell(const SuiteReportEntry& entry) {
  if (entry.frame_size.empty()) return "-";
  if (entry.frame_size == "imix") {
    return entry.frame_bytes ? "IMIX (" + significant(*entry.frame_bytes, 4) + " B mean)" : "IMIX";
  }
  return entry.frame_size + " B";
}

std::size_t count_values(const SuiteReportData& data, bool (*which)(const SuiteReportValue&)) {
  std::size_t count = 0;
  for (const SuiteReportEntry& entry : data.entries) {
    for (const SuiteReportValue& value : entry.values) count += which(value) ? 1 : 0;
  }
  return count;
}

std::string verdict_html(const SuiteReportData& data) {
  std::size_t finished = 0;
  std::size_t ended = 0;
  std::size_t noted = 0;
  for (const SuiteReportEntry& entry : data.entries) {
    finished += entry.state == "finished" ? 1 : 0;
    ended += (entry.state == "finished" || entry.state == "failed" || entry.state == "cancelled")
                 ? 1
                 : 0;
    noted += entry.trials_with_notes.value_or(0);
  }
  std::ostringstream html;
  const std::size_t unclean = count_values(
      data, [](const SuiteReportValue& value) { return !value.unclean_reason.empty(); });
  const std::size_t at_max =
      count_values(data, [](const SuiteReportValue& value) { return value.at_max_load; });
  if (finished < data.entries.size()) {
    html << "<p class=\"warning\">" << finished << " of " << data.entries.size()
         << " jobs finished (" << ended - finished << " failed or cancelled, "
         << data.entries.size() - ended
         << " not ended yet): the table shows the others by their state, never as a number.</p>\n";
  }
  if (unclean > 0) {
    html << "<p class=\"warning\">" << unclean
         << " value(s) are not clean (marked <span class=\"tester-limited\">*</span>: "
            "tester-limited, irregular or stopped early): they are not the SUT's throughput.</p>\n";
  }
  if (at_max > 0) {
    html << "<p>" << at_max
         << " value(s) reached the search's max_load (marked &ge;): the SUT forwards at least "
            "that; at 100 % of line rate the link, not the SUT, is the limit.</p>\n";
  }
  html << "<p>" << data.entries.size() << " jobs; " << noted
       << " trial(s) carry notes (each job's report lists them: <code>trex-search report "
          "JOB</code>).</p>\n";
  return html.str();
}

std::string table_html(const SuiteReportData& data) {
  std::ostringstream html;
  // The numbers right after the entry, so that a phone shows them without scrolling.
  html << "<h2>Throughput</h2>\n<table class=\"verdict\"><tr><th>entry</th><th>value</th>"
          "<th class=\"num\">frames/s per direction</th><th class=\"num\">% of line rate</th>"
          "<th class=\"num\">Gbit/s L1</th><th>frame size</th><th class=\"num\">job</th>"
          "<th>state</th><th class=\"num\">trials</th><th class=\"num\">with notes</th></tr>\n";
  for (const SuiteReportEntry& entry : data.entries) {
    const std::string head = "<td>" + escape_html(entry.label) +
                             (entry.repeat > 1 ? " #" + std::to_string(entry.repeat) : "") +
                             "</td>";
    const std::string state =
        escape_html(entry.state) + (entry.values.empty() && !entry.reason.empty()
                                        ? ": " + escape_html(entry.reason)
                                        : std::string());
    const std::string tail =
        "<td>" + escape_html(frame_cell(entry)) + "</td><td class=\"num\">" +
        std::to_string(entry.job) + "</td><td>" + state + "</td><td class=\"num\">" +
        std::to_string(entry.trial_count) + "</td><td class=\"num\">" +
        (entry.trials_with_notes ? std::to_string(*entry.trials_with_notes) : "-") + "</td>";
    if (entry.values.empty()) {
      // No number for a job without a result: its state where the value would be.
      html << "<tr>" << head << "<td>" << escape_html(entry.state)
           << "</td><td class=\"num\">-</td><td class=\"num\">-</td><td class=\"num\">-</td>"
           << tail << "</tr>\n";
      continue;
    }
    for (const SuiteReportValue& value : entry.values) {
      const auto percent = percent_of_line(entry, value);
      const auto gbit = l1_gbps(entry, value);
      const bool clean = value.unclean_reason.empty();
      html << "<tr>" << head << "<td>" << escape_html(value.goal) << "</td><td class=\"num\">"
           << (value.at_max_load ? "&ge; " : "")
           << (value.value_pps ? load_text(*value.value_pps / value.summed_directions) : "-")
           << (clean ? ""
                     : " <span class=\"tester-limited\" title=\"" +
                           escape_html(value.unclean_reason) + "\">*</span>")
           << "</td><td class=\"num\">" << (percent ? percent_text(*percent) : "-")
           << "</td><td class=\"num\">" << (gbit ? significant(*gbit, 4) : "-") << "</td>" << tail
           << "</tr>\n";
    }
  }
  html << "</table>\n<p class=\"note\">Values: an MLR goal's conditional throughput, a PLR "
          "estimate's average, an MRR or soak receive rate's mean (all directions, shown divided "
          "by their number). Not clean values (*) say why on hover and in "
          "<code>trex-search show SUITE</code>.</p>\n";
  return html.str();
}

std::string charts_html(const SuiteReportData& data) {
  const std::string pps = suite_pps_chart(data);
  const std::string gbps = suite_gbps_chart(data);
  if (pps.empty()) {
    return "<h2>Plots</h2>\n<p>No plot: the suite does not vary frame sizes, or no entry has a "
           "value yet.</p>\n";
  }
  return "<h2>Throughput against frame size</h2>\n" + pps + gbps;
}

std::string about_html(const SuiteReportData& data) {
  return "<h2>About this suite</h2>\n<table class=\"facts\"><tr><th>suite</th><td>" +
         std::to_string(data.id) + " (" + escape_html(data.name) +
         ")</td></tr><tr><th>created</th><td>" + escape_html(data.created_at) +
         "</td></tr><tr><th>submitted by</th><td>" + escape_html(data.submitted_by) +
         "</td></tr><tr><th>job names</th><td>SUITE/ENTRY: <code>trex-search trend " +
         escape_html(data.name) + "/ENTRY</code> follows an entry across runs</td></tr></table>\n";
}

}  // namespace

std::optional<double> percent_of_line(const SuiteReportEntry& entry,
                                      const SuiteReportValue& value) {
  const auto gbit = l1_gbps(entry, value);
  if (!gbit) return std::nullopt;
  return 100.0 * *gbit * 1e9 / *entry.port_bps;
}

std::optional<double> l1_gbps(const SuiteReportEntry& entry, const SuiteReportValue& value) {
  const auto bits = l1_bits_per_frame(entry);
  if (!bits || !value.value_pps) return std::nullopt;
  return *value.value_pps / value.summed_directions * *bits / 1e9;
}

std::string render_suite_report(const SuiteReportData& data) {
  const std::string title = "Suite " + std::to_string(data.id) + ": " + data.name;
  const std::string body = "<h1>" + escape_html(title) + "</h1>\n" + verdict_html(data) +
                           table_html(data) + charts_html(data) + about_html(data);
  return html_page(title, body);
}

std::string suite_report_csv(const SuiteReportData& data) {
  std::string text =
      "suite,entry,repeat,frame_size,frame_bytes,job,method,state,value,value_pps_per_direction,"
      "percent_of_line_rate,l1_gbps,clean,unclean_reason,at_max_load,trials,trials_with_notes\n";
  for (const SuiteReportEntry& entry : data.entries) {
    const std::string head = csv_field(data.name) + "," + csv_field(entry.label) + "," +
                             std::to_string(entry.repeat) + "," + csv_field(entry.frame_size) +
                             "," +
                             (entry.frame_bytes ? measure::format_value(*entry.frame_bytes) : "") +
                             "," + std::to_string(entry.job) + "," + csv_field(entry.method) + "," +
                             csv_field(entry.state) + ",";
    const std::string tail =
        "," + std::to_string(entry.trial_count) + "," +
        (entry.trials_with_notes ? std::to_string(*entry.trials_with_notes) : "") + "\n";
    if (entry.values.empty()) {
      text += head + ",,,,,,," + tail;
      continue;
    }
    for (const SuiteReportValue& value : entry.values) {
      const auto percent = percent_of_line(entry, value);
      const auto gbit = l1_gbps(entry, value);
      text += head + csv_field(value.goal) + "," +
              (value.value_pps ? measure::format_value(*value.value_pps / value.summed_directions)
                               : "") +
              "," + (percent ? measure::format_value(*percent) : "") + "," +
              (gbit ? measure::format_value(*gbit) : "") + "," +
              (value.unclean_reason.empty() ? "1" : "0") + "," +
              quoted_csv_field(value.unclean_reason) + "," + (value.at_max_load ? "1" : "0") + tail;
    }
  }
  return text;
}

}  // namespace trexsearch::report
