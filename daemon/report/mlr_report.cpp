#include "daemon/report/mlr_report.hpp"

#include "daemon/report/latency_report.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "daemon/report/direction_sums.hpp"
#include "daemon/report/html_page.hpp"
#include "daemon/report/html_text.hpp"
#include "daemon/report/svg_chart.hpp"
#include "daemon/report/trial_notes_html.hpp"
#include "search/errors.hpp"

namespace trexsearch::report {
namespace {

// Distinct, print-safe colours for the goals' bands.
constexpr const char* kGoalColours[] = {"#1f5fa8", "#8a3ffc", "#b35900", "#00796b", "#c2185b"};

const char* goal_colour(std::size_t index) {
  return kGoalColours[index % (sizeof kGoalColours / sizeof kGoalColours[0])];
}

std::string pps(const std::optional<double>& value) {
  return value ? format_number(*value, 1) : "-";
}

std::string cell(const std::string& text, bool numeric = false) {
  return numeric ? "<td class=\"num\">" + text + "</td>" : "<td>" + escape_html(text) + "</td>";
}

std::string row(const std::string& name, const std::string& value, bool numeric = false) {
  return "<tr><th>" + escape_html(name) + "</th>" + cell(value, numeric) + "</tr>\n";
}

/// Aggregate frames/s and bits/s alongside a per-direction load, when known.
std::string rate_details(const ReportContext& context, const std::optional<double>& load) {
  if (!load || !context.directions) return "";
  const double aggregate = *load * *context.directions;
  std::string text = " (" + format_number(aggregate, 1) + " frames/s aggregate";
  if (context.frame_bits) {
    text += ", " + format_number(aggregate * *context.frame_bits / 1e9, 3) + " Gbit/s on the wire";
    if (context.port_bps && *context.port_bps > 0.0) {
      // Per direction, like TRex's percentage: L1 bits of one port over its speed.
      text += ", " + format_number(100.0 * *load * *context.frame_bits / *context.port_bps, 3) +
              " % of line rate";
    }
  }
  return text + ")";
}

/// When the tester set a goal's upper bound, that is the first thing a reader
/// must see: the number next to it describes the tester, not the SUT.
std::string tester_limit_warning(const mlr::SearchResult& result) {
  std::string items;
  for (const mlr::GoalResult& goal : result.goals) {
    if (!goal.tester_limit) continue;
    items += "<li><strong>" + escape_html(goal.label) + "</strong>: the relevant upper bound " +
             pps(goal.relevant_upper_bound_pps) + " pps comes from " +
             std::to_string(goal.tester_limit->trials) +
             " trial(s) in which the tester could not offer the intended load (it reached at "
             "most " +
             format_number(goal.tester_limit->reached_pps, 1) +
             " pps). The SUT was never offered that load: its own upper bound is unknown; the "
             "lower bound still holds.</li>\n";
  }
  if (items.empty()) return "";
  return "<div class=\"warning\"><p><strong>Not a clean result: TESTER-LIMITED.</strong> A "
         "bound below describes the tester, not the SUT.</p>\n<ul>\n" +
         items + "</ul></div>\n";
}

std::string header(const ReportContext& context, const mlr::SearchResult& result) {
  std::string html =
      "<h1>" + escape_html(context.title) + "</h1>\n" + tester_limit_warning(result) + "<table>\n";
  for (const auto& [name, value] : context.facts) html += row(name, value);
  html += row("Loads", "per direction (unidirectional) frames per second, as draft-06 and RFC "
                       "2544 define trial load; counts are aggregated over all directions");
  html += row("Effective duration", context.effective_duration_method);
  html += row("Deviations from RFC 2544", context.rfc2544_deviations);
  html += row("Trials", std::to_string(result.trials.size()));
  html += row("Trial time", format_number(result.trial_duration_sum().count(), 1) + " s");
  html += row("Search time", format_number(result.search_duration.count(), 1) + " s");
  std::string ending(mlr::to_string(result.stop_reason));
  if (!result.stop_detail.empty()) ending += ": " + result.stop_detail;
  html += row("Search ended", ending);
  return html + "</table>\n";
}

/// Trial load by trial number. With `close_up`, only the neighbourhood of the
/// final bounds, where the search converges (the first trials at max load would
/// otherwise squash it into a line).
std::string trial_chart(const mlr::SearchResult& result, bool close_up) {
  SvgChart chart;
  chart.title = close_up ? "Close-up: the trials around the final bounds"
                         : "Trial load by trial number";
  chart.x_label = "trial number";
  chart.y_label = "intended load [frames/s per direction]";
  bool tester_limited = false;
  for (const mlr::TrialRecord& trial : result.trials) {
    const double duration = trial.result.intended_duration().count();
    ChartPoint point;
    point.x = static_cast<double>(trial.number);
    point.y = trial.result.intended_load_pps();
    point.colour = loss_ratio_colour(trial.result.loss_ratio());
    point.radius = std::clamp(2.5 + 1.5 * std::log2(1.0 + duration), 2.5, 12.0);
    point.tooltip = "trial " + std::to_string(trial.number) + " (" +
                    std::string(mlr::to_string(trial.phase)) + "): " +
                    format_value(trial.result.intended_load_pps()) + " pps for " +
                    format_value(duration) + " s, loss ratio " +
                    format_value(trial.result.loss_ratio());
    if (const auto& reached = trial.result.tester_limited_pps()) {
      point.shape = MarkerShape::triangle;
      point.tooltip += tester_limited_tooltip(*reached, trial.result.measured_loss_ratio());
      tester_limited = true;
    }
    chart.points.push_back(point);
  }
  if (tester_limited) {
    chart.marker_legend.push_back(
        {MarkerShape::triangle, "tester-limited trial (counted as full loss)"});
  }
  for (std::size_t i = 0; i < result.goals.size(); ++i) {
    const mlr::GoalResult& goal = result.goals[i];
    const auto& lower = goal.relevant_lower_bound_pps;
    const auto& upper = goal.relevant_upper_bound_pps;
    if (!lower && !upper) continue;
    chart.bands.push_back({lower.value_or(*upper), upper.value_or(*lower),
                           goal.label + (goal.regular() ? "" : " (irregular)"),
                           goal_colour(i)});
  }
  if (close_up) {
    double low = 0.0;
    double high = 0.0;
    for (const ChartBand& band : chart.bands) {
      low = low == 0.0 ? band.y_low : std::min(low, band.y_low);
      high = std::max(high, band.y_high);
    }
    if (low <= 0.0) return "";  // no bounds: nothing to zoom into
    const double margin = std::max((high - low) * 0.6, high * 0.01);
    chart.y_window = std::pair{low - margin, high + margin};
    chart.caption = "Trials outside this range are left out; the chart above shows all.";
  } else {
    chart.caption =
        "Colour: trial loss ratio (green = no loss, red = all lost; log scale from 1e-7). "
        "Marker size: trial duration. Hollow triangles: tester-limited trials (the tester could "
        "not offer the load; counted as full loss). Bands: each goal's final relevant lower and "
        "upper bound.";
  }
  return chart.render();
}

std::string goal_section(const ReportContext& context, const mlr::GoalResult& goal,
                         std::size_t index) {
  std::string html = "<h2 style=\"color:" + std::string(goal_colour(index)) + "\">" +
                     escape_html(goal.label) + "</h2>\n<table>\n";
  if (goal.tester_limit) {
    html += "<tr><th>Result</th><td class=\"irregular\">TESTER-LIMITED (tester reached " +
            format_number(goal.tester_limit->reached_pps, 1) + " pps)" +
            (goal.regular() ? "" : ", irregular") + "</td></tr>\n";
    html += row("Tester limit", std::to_string(goal.tester_limit->trials) +
                                    " tester-limited trial(s) at the relevant upper bound: it "
                                    "describes the tester, not the SUT");
  } else {
    html += "<tr><th>Result</th><td class=\"" +
            std::string(goal.regular() ? "regular\">regular" : "irregular\">irregular") +
            "</td></tr>\n";
  }
  if (!goal.regular()) {
    html += row("Why irregular", std::string(mlr::to_string(goal.irregularity)) + ": " +
                                     goal.irregular_reason);
  }
  html += row("Relevant lower bound [pps]",
              pps(goal.relevant_lower_bound_pps) + rate_details(context, goal.relevant_lower_bound_pps),
              true);
  html += row("Relevant upper bound [pps]",
              pps(goal.relevant_upper_bound_pps) + rate_details(context, goal.relevant_upper_bound_pps),
              true);
  html += row("Conditional throughput [pps]",
              pps(goal.conditional_throughput_pps) +
                  rate_details(context, goal.conditional_throughput_pps),
              true);
  const mlr::SearchGoal& g = goal.goal;
  html += row("Loss ratio", format_value(g.loss_ratio), true);
  html += row("Exceed ratio", format_value(g.exceed_ratio), true);
  html += row("Relative width", format_value(g.relative_width), true);
  html += row("Final trial duration [s]", format_value(g.final_trial_duration.count()), true);
  html += row("Duration sum [s]", format_value(g.duration_sum.count()), true);
  html += row("Initial trial duration [s]", format_value(g.initial_trial_duration.count()), true);
  html += row("Preceding targets", std::to_string(g.preceding_targets), true);
  html += row("Expansion coefficient", std::to_string(g.expansion_coefficient), true);
  html += row("Fail fast", g.fail_fast ? "yes" : "no");
  return html + "</table>\n";
}

std::string trial_table(const mlr::SearchResult& result) {
  std::string html =
      "<h2>Trials</h2>\n<details open><summary>All " + std::to_string(result.trials.size()) +
      " trials</summary>\n<table>\n<tr><th class=\"num\">#</th><th>phase</th>"
      "<th class=\"num\">load [pps]</th><th class=\"num\">duration [s]</th>"
      "<th class=\"num\">effective [s]</th><th class=\"num\">offered</th>"
      "<th class=\"num\">lost</th><th class=\"num\">loss ratio</th><th>notes</th></tr>\n";
  for (const mlr::TrialRecord& trial : result.trials) {
    const TrialResult& r = trial.result;
    const auto& counts = r.counts();
    html += "<tr>" + cell(std::to_string(trial.number), true) +
            cell(std::string(mlr::to_string(trial.phase))) +
            cell(format_number(r.intended_load_pps(), 1), true) +
            cell(format_value(r.intended_duration().count()), true) +
            cell(format_value(r.effective_duration().count()), true) +
            cell(counts ? std::to_string(counts->offered) : "-", true) +
            cell(counts ? std::to_string(counts->loss) : "-", true) +
            cell(format_value(r.loss_ratio()), true) +
            notes_cell(r.notes(), r.tester_limited_pps(), r.measured_loss_ratio()) + "</tr>\n";
  }
  return html + "</table>\n</details>\n";
}

std::string directions_section(const mlr::SearchResult& result) {
  std::vector<DirectionGroup> groups;
  for (const BoundDirections& bound : bound_directions(result)) {
    std::string roles;
    for (const std::string& role : bound.roles) roles += (roles.empty() ? "" : ", ") + role;
    groups.push_back({format_number(bound.load_pps, 1) + " pps (" + roles + ")", bound.trials,
                      bound.directions});
  }
  const std::string table = direction_table(groups);
  if (table.empty()) return "";
  return "<h2>Per direction at the relevant bounds</h2>\n<p class=\"note\">Each direction's "
         "frames summed over the trials at each bound's load (warmup excluded), the loss ratio "
         "of those sums (unsent frames count as lost) and the highest loss ratio of a single "
         "trial in that direction.</p>\n" +
         table;
}

std::string notes_summary(const mlr::SearchResult& result) {
  NoteTally tally;
  CounterTally counters;
  for (const mlr::TrialRecord& trial : result.trials) {
    const TrialResult& r = trial.result;
    tally.add(r.intended_load_pps(), r.notes(), r.tester_limited());
    counters.add(r.counters());
  }
  return notes_section(tally, counters.sources(), result.trials.size());
}

}  // namespace

std::string render_mlr_report(const ReportContext& context, const mlr::ControllerConfig& config,
                              const mlr::SearchResult& result,
                              const latency::LatencyPhaseResult& latency) {
  std::string body = header(context, result);
  body += "<p class=\"note\">Search limits: min load " + format_number(config.min_load_pps, 1) +
          " pps, max load " + format_number(config.max_load_pps, 1) +
          " pps, search_duration_max " + format_value(config.search_duration_max.count()) +
          " s, warmup " + format_value(config.warmup_duration.count()) + " s.</p>\n";
  body += trial_chart(result, false);
  body += trial_chart(result, true);
  for (std::size_t i = 0; i < result.goals.size(); ++i) {
    body += goal_section(context, result.goals[i], i);
  }
  body += mlr_latency_section(latency);
  body += directions_section(result);
  body += notes_summary(result);
  body += trial_table(result);
  return html_page(context.title, body);
}

}  // namespace trexsearch::report
