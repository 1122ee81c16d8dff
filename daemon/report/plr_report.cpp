#include "daemon/report/plr_report.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "daemon/report/html_page.hpp"
#include "daemon/report/html_text.hpp"
#include "daemon/report/svg_chart.hpp"
#include "search/errors.hpp"

namespace trexsearch::report {
namespace {

constexpr const char* kEstimateColour = "#1f5fa8";
constexpr const char* kStretchColour = "#b35900";
constexpr const char* kErfColour = "#8a3ffc";

/// Soak runs last from minutes to days: the time axis uses the unit that keeps
/// its numbers readable.
struct TimeUnit {
  double seconds = 1.0;
  std::string name = "s";
};

TimeUnit time_unit(double run_duration_s) {
  if (run_duration_s >= 3.0 * 3600.0) return {3600.0, "h"};
  if (run_duration_s >= 600.0) return {60.0, "min"};
  return {};
}

std::string row(const std::string& name, const std::string& value) {
  return "<tr><th>" + escape_html(name) + "</th><td>" + escape_html(value) + "</td></tr>\n";
}

std::string numeric_row(const std::string& name, const std::string& value) {
  return "<tr><th>" + escape_html(name) + "</th><td class=\"num\">" + value + "</td></tr>\n";
}

std::string header(const ReportContext& context, const PlrReportData& data) {
  std::string html = "<h1>" + escape_html(context.title) + "</h1>\n<table>\n";
  for (const auto& [name, value] : context.facts) html += row(name, value);
  html += row("Loads",
              "per direction (unidirectional) frames per second; loss counts are "
              "aggregated over all directions");
  html += row("Effective duration", context.effective_duration_method);
  html += row("Deviations from RFC 2544", context.rfc2544_deviations);
  html += row("Trials", std::to_string(data.trials.size()));
  html += row("Run time", format_number(data.run_duration_s, 1) + " s");
  std::string ending = data.stop_reason.empty() ? "still running" : data.stop_reason;
  if (!data.stop_detail.empty()) ending += ": " + data.stop_detail;
  html += row("Run ended", ending);
  return html + "</table>\n";
}

/// The critical-load estimate settling: average with its +-stdev band, and what
/// each fitting function alone says (PLRsearch draft: the two fitting functions
/// bracket the model uncertainty; their disagreement is worth seeing).
std::string estimate_chart(const PlrReportData& data, const TimeUnit& unit, bool close_up) {
  SvgChart chart;
  chart.title = close_up ? "Close-up: the estimate around its final value"
                         : "Critical-load estimate over time";
  chart.x_label = "time [" + unit.name + "]";
  chart.y_label = "critical load [frames/s per direction]";
  ChartSeries average{{}, {}, {}, {}, "estimate (average, band = +-stdev)", kEstimateColour};
  ChartSeries stretch{{}, {}, {}, {}, "stretch fit", kStretchColour};
  ChartSeries erf{{}, {}, {}, {}, "erf fit", kErfColour};
  for (const PlrReportTrial& trial : data.trials) {
    const double x = trial.finished_at_s / unit.seconds;
    if (trial.estimate) {
      average.x.push_back(x);
      average.y.push_back(trial.estimate->average_pps);
      average.y_low.push_back(trial.estimate->average_pps - trial.estimate->stdev_pps);
      average.y_high.push_back(trial.estimate->average_pps + trial.estimate->stdev_pps);
    }
    if (trial.stretch_average_pps) {
      stretch.x.push_back(x);
      stretch.y.push_back(*trial.stretch_average_pps);
    }
    if (trial.erf_average_pps) {
      erf.x.push_back(x);
      erf.y.push_back(*trial.erf_average_pps);
    }
  }
  for (ChartSeries* series : {&stretch, &erf, &average}) {
    if (!series->x.empty()) chart.series.push_back(*series);
  }
  if (chart.series.empty()) return "<p class=\"note\">No estimate yet.</p>\n";
  if (data.estimate) {
    chart.bands.push_back({data.estimate->average_pps - data.estimate->stdev_pps,
                           data.estimate->average_pps + data.estimate->stdev_pps,
                           "final estimate +-stdev", "#17692b"});
  }
  if (close_up) {
    // The first estimates, from few trials, are far off and would flatten the rest.
    if (!data.estimate) return "";
    const double centre = data.estimate->average_pps;
    const double half = std::max(8.0 * data.estimate->stdev_pps, 0.01 * centre);
    chart.y_window = std::pair{centre - half, centre + half};
    chart.caption = "Within +-" + format_number(half, 1) +
                    " pps of the final estimate; the chart above shows everything.";
  } else {
    chart.caption =
        "The estimate after each trial; the shaded band is +-1 stdev of the "
        "posterior. A settled soak run shows a flat line and a narrowing band.";
  }
  return chart.render();
}

/// Trial loads over time (colour = loss ratio), with the estimate for reference.
std::string load_chart(const PlrReportData& data, const TimeUnit& unit) {
  SvgChart chart;
  chart.title = "Trial loads over time";
  chart.x_label = "time [" + unit.name + "]";
  chart.y_label = "trial load [frames/s per direction]";
  for (const PlrReportTrial& trial : data.trials) {
    ChartPoint point;
    point.x = trial.finished_at_s / unit.seconds;
    point.y = trial.load_pps;
    point.colour = loss_ratio_colour(trial.loss_ratio);
    point.radius = 3.5;
    point.tooltip = "trial " + std::to_string(trial.number) + ": " + format_value(trial.load_pps) +
                    " pps for " + format_value(trial.duration_s) + " s, " +
                    (trial.loss_count ? std::to_string(*trial.loss_count) + " frames lost, " : "") +
                    "loss ratio " + format_value(trial.loss_ratio);
    chart.points.push_back(point);
  }
  if (chart.points.empty()) return "";
  chart.caption =
      "Colour: trial loss ratio (green = no loss, red = all lost; log scale from "
      "1e-7). PLRsearch places each trial near the current estimate.";
  return chart.render();
}

std::string loss_chart(const PlrReportData& data, const TimeUnit& unit) {
  SvgChart chart;
  chart.title = "Loss count per trial over time";
  chart.x_label = "time [" + unit.name + "]";
  chart.y_label = "frames lost (all directions)";
  for (const PlrReportTrial& trial : data.trials) {
    if (!trial.loss_count) continue;
    ChartPoint point;
    point.x = trial.finished_at_s / unit.seconds;
    point.y = static_cast<double>(*trial.loss_count);
    point.colour = loss_ratio_colour(trial.loss_ratio);
    point.radius = 3.0;
    point.tooltip = "trial " + std::to_string(trial.number) + ": " +
                    std::to_string(*trial.loss_count) + " frames lost at " +
                    format_value(trial.load_pps) + " pps";
    chart.points.push_back(point);
  }
  if (chart.points.empty()) return "";
  chart.caption = "Negative counts mean the SUT duplicated frames (they count as loss).";
  return chart.render();
}

std::string final_numbers(const PlrReportData& data) {
  std::string html = "<h2>Final numbers</h2>\n<table>\n";
  if (data.estimate) {
    const PlrEstimatePoint& e = *data.estimate;
    html += numeric_row("Critical load estimate, average [pps]", format_number(e.average_pps, 1));
    html += numeric_row("Standard deviation [pps]", format_number(e.stdev_pps, 1));
    html += numeric_row("Average - stdev [pps]", format_number(e.average_pps - e.stdev_pps, 1));
    html += numeric_row("Average + stdev [pps]", format_number(e.average_pps + e.stdev_pps, 1));
  } else {
    html += row("Critical load estimate", "none yet");
  }
  if (!data.trials.empty()) {
    const PlrReportTrial& last = data.trials.back();
    if (last.stretch_average_pps) {
      html += numeric_row("Stretch fit, last average [pps]",
                          format_number(*last.stretch_average_pps, 1));
    }
    if (last.erf_average_pps) {
      html += numeric_row("Erf fit, last average [pps]", format_number(*last.erf_average_pps, 1));
    }
  }
  html += "</table>\n<h2>Trend</h2>\n";
  if (!data.trend) return html + "<p class=\"note\">Too few estimates for a trend yet.</p>\n";
  const PlrReportTrend& t = *data.trend;
  html += "<table>\n";
  // The trend is a slope of ln(estimate): 0.01 per hour is 1 % per hour.
  html += numeric_row("Slope [% per hour]", format_number(100.0 * t.slope_per_hour, 4));
  html += numeric_row("Slope standard error [% per hour]",
                      format_number(100.0 * t.slope_stderr_per_hour, 4));
  // Over a few minutes the estimate is still converging: no verdict on the SUT.
  const bool short_window = t.window_end_s - t.window_start_s < 600.0;
  html += row("Significant", short_window ? "cannot tell: a window this short shows the estimate "
                                            "converging, not the SUT drifting"
                             : t.significant ? "yes: the estimate is still drifting"
                                             : "no: the estimate has settled");
  html += numeric_row("Estimates in the window", std::to_string(t.points));
  html += numeric_row(
      "Window [s]", format_number(t.window_start_s, 1) + " to " + format_number(t.window_end_s, 1));
  return html + "</table>\n";
}

std::string trial_table(const PlrReportData& data) {
  std::string html =
      "<h2>Trials</h2>\n<details><summary>All " + std::to_string(data.trials.size()) +
      " trials</summary>\n<table>\n<tr><th class=\"num\">#</th><th class=\"num\">end [s]</th>"
      "<th class=\"num\">load [pps]</th><th class=\"num\">duration [s]</th>"
      "<th class=\"num\">lost</th><th class=\"num\">loss ratio</th>"
      "<th class=\"num\">estimate [pps]</th><th class=\"num\">stdev [pps]</th></tr>\n";
  const auto num = [](const std::string& text) { return "<td class=\"num\">" + text + "</td>"; };
  for (const PlrReportTrial& trial : data.trials) {
    html += "<tr>" + num(std::to_string(trial.number)) +
            num(format_number(trial.finished_at_s, 1)) + num(format_number(trial.load_pps, 1)) +
            num(format_value(trial.duration_s)) +
            num(trial.loss_count ? std::to_string(*trial.loss_count) : "-") +
            num(format_value(trial.loss_ratio)) +
            num(trial.estimate ? format_number(trial.estimate->average_pps, 1) : "-") +
            num(trial.estimate ? format_number(trial.estimate->stdev_pps, 1) : "-") + "</tr>\n";
  }
  return html + "</table>\n</details>\n";
}

}  // namespace

std::string render_plr_report(const ReportContext& context, const PlrReportData& data) {
  const TimeUnit unit = time_unit(data.run_duration_s);
  std::string body = header(context, data);
  body += estimate_chart(data, unit, false);
  body += estimate_chart(data, unit, true);
  body += load_chart(data, unit);
  body += loss_chart(data, unit);
  body += final_numbers(data);
  body += trial_table(data);
  return html_page(context.title, body);
}

}  // namespace trexsearch::report
