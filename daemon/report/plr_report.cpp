#include "daemon/report/plr_report.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "daemon/report/latency_report.hpp"
#include "daemon/report/page/display_number.hpp"
#include "daemon/report/page/html_page.hpp"
#include "daemon/report/page/html_text.hpp"
#include "daemon/report/page/loss_ratio_chart.hpp"
#include "daemon/report/page/svg_chart.hpp"
#include "daemon/report/report_sections.hpp"
#include "daemon/report/trial_notes_html.hpp"
#include "daemon/report/verdict_table.hpp"

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

std::string trial_tooltip(const PlrReportTrial& trial) {
  std::string text = "trial " + std::to_string(trial.number) + ": " + load_text(trial.load_pps) +
                     " for " + seconds_text(trial.duration_s) + ", " +
                     (trial.loss_count ? count_text(*trial.loss_count) + " frames lost, " : "") +
                     "loss ratio " + ratio_text(trial.loss_ratio);
  if (trial.tester_limited_pps) {
    text += tester_limited_tooltip(*trial.tester_limited_pps, trial.measured_loss_ratio);
  }
  return text;
}

/// Tester-limited trials that bound the estimate are the first thing a reader must
/// see: the estimate may describe the tester, not the SUT.
std::string tester_limit_warning(const PlrReportData& data) {
  if (!data.tester_limit || !data.tester_limit->limited()) return "";
  const plr::PlrTesterLimit& limit = *data.tester_limit;
  std::string html =
      "<div class=\"warning\"><p><strong>Not a clean result: TESTER-LIMITED.</strong> " +
      std::to_string(limit.trials) +
      " trial(s) could not be offered at their intended load (the tester reached at most " +
      load_text(limit.reached_pps.value_or(0.0)) + "); they count as full loss, and ";
  if (limit.trials_near_estimate > 0) {
    html += std::to_string(limit.trials_near_estimate) +
            " of them lie at or below the estimate's average + 2 stdev";
    if (limit.trials_below_sut_loss > 0) html += " and ";
  }
  if (limit.trials_below_sut_loss > 0) {
    html += std::to_string(limit.trials_below_sut_loss) +
            (limit.lowest_sut_lossy_pps
                 ? " of them lie at or below the lowest load at which the SUT itself lost frames"
                 : " of them were the only losses: the SUT itself never lost frames");
  }
  return html + ". The estimate may describe the tester, not the SUT.</p></div>\n";
}

/// The critical-load estimate settling: average with its +-stdev band, and what
/// each fitting function alone says (PLRsearch draft: the two fitting functions
/// bracket the model uncertainty; their disagreement is worth seeing).
std::string estimate_chart(const PlrReportData& data, const TimeUnit& unit, bool close_up) {
  SvgChart chart;
  chart.title = close_up ? "Close-up: the estimate around its final value"
                         : "Critical-load estimate over time";
  chart.x_label = "time [" + unit.name + "]";
  chart.y_label = "critical load [" + load_unit() + "/direction]";
  ChartSeries average{{},
                      {},
                      {},
                      {},
                      "estimate (average)",
                      kEstimateColour,
                      false,
                      "estimate +-1 stdev (posterior)"};
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
                           "final estimate +-1 stdev", "#17692b"});
  }
  if (close_up) {
    // The first estimates, from few trials, are far off and would flatten the rest.
    if (!data.estimate) return "";
    const double centre = data.estimate->average_pps;
    const double half = std::max(8.0 * data.estimate->stdev_pps, 0.01 * centre);
    chart.y_window = std::pair{centre - half, centre + half};
    chart.caption =
        "Within +-" + load_text(half) + " of the final estimate; the chart above shows everything.";
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
  chart.y_label = "load [" + load_unit() + " per direction]";
  bool tester_limited = false;
  for (const PlrReportTrial& trial : data.trials) {
    ChartPoint point;
    point.x = trial.finished_at_s / unit.seconds;
    point.y = trial.load_pps;
    point.colour = loss_ratio_colour(trial.loss_ratio);
    point.radius = 3.5;
    point.tooltip = trial_tooltip(trial);
    if (trial.tester_limited_pps) {
      point.shape = MarkerShape::triangle;
      tester_limited = true;
    }
    chart.points.push_back(point);
  }
  if (chart.points.empty()) return "";
  chart.marker_legend.push_back(
      {MarkerShape::circle, "trial load (colour: its loss ratio, green none to red all)"});
  if (tester_limited) {
    chart.marker_legend.push_back(
        {MarkerShape::triangle, "tester-limited trial (counted as full loss)"});
  }
  chart.caption = "PLRsearch places each trial near the current estimate.";
  return chart.render();
}

/// Each trial's loss ratio over time on a log axis, with the target loss ratio:
/// a soak's losses are rare and tiny (1e-7), invisible on a linear axis.
std::string loss_chart(const PlrReportData& data, const TimeUnit& unit) {
  LossRatioChart chart;
  chart.title = "Trial loss ratio over time";
  chart.x_label = "time [" + unit.name + "]";
  for (const PlrReportTrial& trial : data.trials) {
    chart.points.push_back(
        {trial.finished_at_s / unit.seconds, trial.loss_ratio, 4.0, trial_tooltip(trial),
         trial.tester_limited_pps ? MarkerShape::triangle : MarkerShape::circle});
  }
  if (chart.points.empty()) return "";
  if (data.target_loss_ratio) {
    chart.lines.push_back({*data.target_loss_ratio,
                           "target loss ratio " + ratio_text(*data.target_loss_ratio),
                           kEstimateColour});
  }
  chart.caption =
      "The critical load is where the average loss ratio equals the target. Frame counts per "
      "trial are in the trial table; more frames received than sent (duplicates) counts as no "
      "loss here.";
  return chart.render();
}

/// The tester-limited trials and whether they bear on the estimate.
std::string tester_limit_rows(const PlrReportData& data) {
  std::size_t trials = 0;
  for (const PlrReportTrial& trial : data.trials) trials += trial.tester_limited_pps ? 1 : 0;
  if (trials == 0) return "";
  std::string html = numeric_row("Tester-limited trials", std::to_string(trials));
  if (!data.tester_limit) {
    // A running job: the verdict comes with the final result.
    return html + row("Tester limit", "decided when the run ends");
  }
  const plr::PlrTesterLimit& limit = *data.tester_limit;
  if (limit.reached_pps) {
    html += numeric_row("Highest rate the tester reached", load_text(*limit.reached_pps));
  }
  if (limit.estimate_upper_end_pps) {
    html += numeric_row(
        "At or below average + 2 stdev (" + load_text(*limit.estimate_upper_end_pps) + ")",
        std::to_string(limit.trials_near_estimate));
  }
  html += numeric_row(limit.lowest_sut_lossy_pps
                          ? "At or below the lowest load the SUT itself lost at (" +
                                load_text(*limit.lowest_sut_lossy_pps) + ")"
                          : "While the SUT itself never lost frames",
                      std::to_string(limit.trials_below_sut_loss));
  html += "<tr><th>Tester limit</th><td class=\"" +
          std::string(limit.limited() ? "irregular\">TESTER-LIMITED: the estimate may describe "
                                        "the tester, not the SUT"
                                      : "regular\">they do not bear on the estimate") +
          "</td></tr>\n";
  return html;
}

std::string final_numbers(const PlrReportData& data) {
  std::string html = "<h2>Final numbers</h2>\n<table>\n";
  if (data.estimate) {
    const PlrEstimatePoint& e = *data.estimate;
    html += numeric_row("Critical load estimate, average", load_text(e.average_pps, e.stdev_pps));
    html += numeric_row("Standard deviation", load_text(e.stdev_pps));
    html += numeric_row("Average - stdev", load_text(e.average_pps - e.stdev_pps, e.stdev_pps));
    html += numeric_row("Average + stdev", load_text(e.average_pps + e.stdev_pps, e.stdev_pps));
  } else {
    html += row("Critical load estimate", "none yet");
  }
  if (!data.trials.empty()) {
    const PlrReportTrial& last = data.trials.back();
    if (last.stretch_average_pps) {
      html += numeric_row("Stretch fit, last average", load_text(*last.stretch_average_pps));
    }
    if (last.erf_average_pps) {
      html += numeric_row("Erf fit, last average", load_text(*last.erf_average_pps));
    }
  }
  html += tester_limit_rows(data);
  html += "</table>\n<h2>Trend</h2>\n";
  if (!data.trend) return html + "<p class=\"note\">Too few estimates for a trend yet.</p>\n";
  const PlrReportTrend& t = *data.trend;
  html += "<table>\n";
  // The trend is a slope of ln(estimate): 0.01 per hour is 1 % per hour.
  html += numeric_row("Slope [% per hour]", significant(100.0 * t.slope_per_hour, 2));
  html += numeric_row("Slope standard error [% per hour]",
                      significant(100.0 * t.slope_stderr_per_hour, 2));
  // Over a few minutes the estimate is still converging: no verdict on the SUT.
  const bool short_window = t.window_end_s - t.window_start_s < 600.0;
  html += row("Significant", short_window ? "cannot tell: a window this short shows the estimate "
                                            "converging, not the SUT drifting"
                             : t.significant ? "yes: the estimate is still drifting"
                                             : "no: the estimate has settled");
  html += numeric_row("Estimates in the window", std::to_string(t.points));
  html +=
      numeric_row("Window", seconds_text(t.window_start_s) + " to " + seconds_text(t.window_end_s));
  return html + "</table>\n";
}

std::string trial_table(const PlrReportData& data) {
  std::string html =
      "<h2 id=\"trials\">Trials</h2>\n<details><summary>All " + std::to_string(data.trials.size()) +
      " trials</summary>\n<table>\n<tr><th class=\"num\">#</th><th class=\"num\">end</th>"
      "<th class=\"num\">load</th><th class=\"num\">duration</th>"
      "<th class=\"num\">lost</th><th class=\"num\">loss ratio</th>"
      "<th class=\"num\">estimate</th><th class=\"num\">stdev</th><th>notes</th></tr>\n";
  const auto num = [](const std::string& text) { return "<td class=\"num\">" + text + "</td>"; };
  for (const PlrReportTrial& trial : data.trials) {
    html += "<tr>" + num(std::to_string(trial.number)) + num(seconds_text(trial.finished_at_s)) +
            num(load_text(trial.load_pps)) + num(seconds_text(trial.duration_s)) +
            num(trial.loss_count ? count_text(*trial.loss_count) : "-") +
            num(ratio_text(trial.loss_ratio)) +
            num(trial.estimate ? load_text(trial.estimate->average_pps, trial.estimate->stdev_pps)
                               : "-") +
            num(trial.estimate ? load_text(trial.estimate->stdev_pps) : "-") +
            notes_cell(trial.notes, trial.tester_limited_pps, trial.measured_loss_ratio) +
            "</tr>\n";
  }
  return html + "</table>\n</details>\n";
}

std::string directions_and_notes(const PlrReportData& data) {
  NoteTally tally;
  CounterTally counters;
  std::vector<DirectionGroup> groups{{"all trials", data.trials.size(), {}}};
  for (const PlrReportTrial& trial : data.trials) {
    tally.add(trial.load_pps, trial.notes, trial.tester_limited_pps.has_value());
    counters.add(trial.counters);
    for (const measure::DirectionCounts& direction : trial.directions) {
      add_direction(groups[0].directions, direction);
    }
  }
  std::string html;
  const std::string table = direction_table(groups);
  if (!table.empty()) {
    html +=
        "<h2>Per direction</h2>\n<p class=\"note\">Each direction's frames summed over "
        "the whole run, the loss ratio of those sums (unsent frames count as lost) and the "
        "highest loss ratio of a single trial in that direction.</p>\n" +
        table;
  }
  return html + notes_section(tally, counters.sources(), data.trials.size());
}

}  // namespace

std::string render_plr_report(const ReportContext& context, const PlrReportData& data) {
  const LoadUnitScope page_unit(context.load_unit);
  const TimeUnit unit = time_unit(data.run_duration_s);
  // The verdict first, then the plots, then the details; raw config last, collapsed.
  std::string body = report_title(context, tester_limit_warning(data));
  body += plr_verdict(context, data);
  body += "<h2 id=\"plots\">Plots</h2>\n";
  body += estimate_chart(data, unit, false);
  body += estimate_chart(data, unit, true);
  body += loss_chart(data, unit);
  body += load_chart(data, unit);
  body += final_numbers(data);
  body += plr_latency_section(data);
  body += directions_and_notes(data);
  body += trial_table(data);
  body += about_section(context, "");
  body += raw_section(context);
  return html_page(context.title, body);
}

}  // namespace trexsearch::report
