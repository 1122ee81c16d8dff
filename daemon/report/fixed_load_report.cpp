#include "daemon/report/fixed_load_report.hpp"
#include "daemon/report/page/display_number.hpp"

#include <sstream>

#include "daemon/report/charts/fixed_load_charts.hpp"
#include "daemon/report/page/csv_text.hpp"
#include "daemon/report/page/html_page.hpp"
#include "daemon/report/page/html_text.hpp"
#include "daemon/report/report_sections.hpp"
#include "measure/errors.hpp"

namespace trexsearch::report {
namespace {

std::string joined(const std::vector<std::string>& notes) {
  std::string text;
  for (const std::string& note : notes) text += (text.empty() ? "" : "; ") + note;
  return text;
}

// The direction names of the first trial (all trials of a job have the same).
std::vector<std::string> direction_names(const FixedLoadReportData& data) {
  std::vector<std::string> names;
  if (!data.trials.empty()) {
    for (const auto& [name, rate] : data.trials.front().direction_rates_pps) names.push_back(name);
  }
  return names;
}

std::string verdict_html(const FixedLoadReportData& data) {
  std::ostringstream html;
  const bool soak = data.method == "soak";
  html << "<h2>" << (soak ? "Soak" : "Maximum receive rate") << "</h2>\n";
  html << "<p>" << data.trials.size() << " of " << data.trials_planned << " "
       << (soak ? "intervals" : "trials") << " of " << format_number(data.trial_duration_s, 1)
       << " s at " << format_number(data.load_pps, 1) << " " << load_unit() << " per direction; "
       << escape_html(data.stop_reason)
       << (data.stop_detail.empty() ? "" : " (" + escape_html(data.stop_detail) + ")") << ".</p>\n";
  if (data.stats.empty()) {
    html << "<p>No receive rate: no trial completed.</p>\n";
  } else {
    const std::string& unit = load_unit();
    html << "<table><tr><th>direction</th><th>mean [" << unit << "]</th><th>stdev [" << unit
         << "]</th><th>min [" << unit << "]</th><th>max [" << unit << "]</th></tr>\n";
    for (const FixedLoadReportStats& stats : data.stats) {
      html << "<tr><td>" << escape_html(stats.direction.empty() ? "all" : stats.direction)
           << "</td><td class=\"num\">" << format_number(stats.mean_pps)
           << "</td><td class=\"num\">" << format_number(stats.stdev_pps)
           << "</td><td class=\"num\">" << format_number(stats.min_pps) << "</td><td class=\"num\">"
           << format_number(stats.max_pps) << "</td></tr>\n";
    }
    html << "</table>\n<p>Receive rate: " << escape_html(data.rate_basis) << ".</p>\n";
  }
  html << "<p>Frames lost by the SUT: " << format_number(data.sut_loss_ratio * 100.0, 6)
       << " % of those sent.</p>\n";
  if (data.loss_ratio_threshold) {
    html << "<p>Threshold: a loss ratio above "
         << format_number(*data.loss_ratio_threshold * 100.0, 6) << " % "
         << (data.threshold_action == "stop" ? "stops" : "flags") << " the soak; "
         << data.intervals_over << " interval(s) exceeded it.</p>\n";
  }
  return html.str();
}

std::string warning_html(const FixedLoadReportData& data) {
  if (data.tester_limited_trials == 0) return "";
  return "<p class=\"warning\">Not a clean result: " + std::to_string(data.tester_limited_trials) +
         " trial(s) were tester-limited (the tester reached at most " +
         format_number(data.tester_reached_pps.value_or(0.0)) + " " + load_unit() +
         " per direction): their receive rate is the tester's, not the SUT's.</p>\n";
}

std::string trials_html(const FixedLoadReportData& data) {
  const std::vector<std::string> names = direction_names(data);
  std::ostringstream html;
  html << "<h2>Trials</h2>\n<table><tr><th>#</th><th>start [s]</th><th>receive rate ["
       << load_unit() << "]</th>";
  for (const std::string& name : names) {
    html << "<th>" << escape_html(name) << " [" << load_unit() << "]</th>";
  }
  html << "<th>SUT loss [%]</th><th>counters</th><th>notes</th></tr>\n";
  for (const FixedLoadReportTrial& trial : data.trials) {
    std::vector<std::string> notes = measure::note_texts(trial.notes);
    if (trial.tester_limited_pps) {
      notes.insert(notes.begin(),
                   "TESTER-LIMITED at " + format_number(*trial.tester_limited_pps) + " pps");
    }
    if (trial.over_threshold) notes.insert(notes.begin(), "over the loss threshold");
    html << "<tr><td>" << trial.number << "</td><td class=\"num\">"
         << format_number(trial.started_at_s, 3) << "</td><td class=\"num\">"
         << format_number(trial.receive_rate_pps) << "</td>";
    for (const auto& [name, rate] : trial.direction_rates_pps) {
      html << "<td class=\"num\">" << format_number(rate) << "</td>";
    }
    html << "<td class=\"num\">" << format_number(trial.sut_loss_ratio * 100.0, 6) << "</td><td>"
         << escape_html(trial.counters) << "</td><td>" << escape_html(joined(notes))
         << "</td></tr>\n";
  }
  html << "</table>\n";
  return html.str();
}

}  // namespace

std::string fixed_load_trials_csv(const FixedLoadReportData& data) {
  const std::vector<std::string> names = direction_names(data);
  std::string text = "number,started_at_s,intended_duration_s,offered,received,receive_rate_pps";
  for (const std::string& name : names) text += "," + csv_field(name + "_receive_rate_pps");
  text += ",sut_loss_ratio,over_threshold,tester_limited_pps,counters,notes\n";
  for (const FixedLoadReportTrial& trial : data.trials) {
    text += std::to_string(trial.number) + "," + measure::format_value(trial.started_at_s) + "," +
            measure::format_value(trial.intended_duration_s) + "," + std::to_string(trial.offered) +
            "," + std::to_string(trial.received) + "," +
            measure::format_value(trial.receive_rate_pps);
    for (const auto& [name, rate] : trial.direction_rates_pps)
      text += "," + measure::format_value(rate);
    text += "," + measure::format_value(trial.sut_loss_ratio) + "," +
            (trial.over_threshold ? "1" : "0") + "," +
            (trial.tester_limited_pps ? measure::format_value(*trial.tester_limited_pps) : "") +
            "," + csv_field(trial.counters) + "," +
            quoted_csv_field(joined(measure::note_texts(trial.notes))) + "\n";
  }
  return text;
}

std::string render_fixed_load_report(const ReportContext& context,
                                     const FixedLoadReportData& data) {
  const LoadUnitScope page_unit(context.load_unit);
  const std::string charts =
      data.trials.empty()
          ? std::string()
          : "<h2>Over the run</h2>\n" + receive_rate_chart(data) + interval_loss_chart(data);
  const std::string body = report_title(context, warning_html(data)) + verdict_html(data) + charts +
                           trials_html(data) + about_section(context, "") + raw_section(context);
  return html_page(context.title, body);
}

}  // namespace trexsearch::report
