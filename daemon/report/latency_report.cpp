#include "daemon/report/latency_report.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "daemon/report/page/display_number.hpp"
#include "daemon/report/page/html_text.hpp"
#include "daemon/report/page/svg_chart.hpp"

namespace trexsearch::report {
namespace {

constexpr const char* kColours[] = {"#1f5fa8", "#c0392b", "#17692b",
                                    "#8e44ad", "#d35400", "#2c3e50"};

std::string us(const std::optional<std::uint64_t>& value) {
  return value ? std::to_string(*value) : "-";
}

std::string cell(const std::string& text, bool number = true) {
  return number ? "<td class=\"num\">" + text + "</td>" : "<td>" + text + "</td>";
}

std::string percent(double fraction) { return percent_text(fraction * 100.0); }

// The latency stream's own loss and sequence errors, in a few words.
std::string stream_health(const measure::DirectionLatency& d) {
  std::string text = std::to_string(d.received) + " of " + std::to_string(d.sent);
  const auto& e = d.errors;
  const std::uint64_t errors =
      e.dropped + e.out_of_order + e.duplicate + e.seq_too_high + e.seq_too_low;
  if (errors > 0) {
    text += "; seq: " + std::to_string(e.dropped) + " dropped, " + std::to_string(e.out_of_order) +
            " out of order, " + std::to_string(e.duplicate) + " dup";
  }
  return text;
}

std::string latency_row_cells(const measure::DirectionLatency& d) {
  const measure::LatencySummary& s = d.summary;
  return cell(escape_html(d.name), false) + cell(std::to_string(s.min_us)) + cell(us(s.p50_us)) +
         cell(us(s.p90_us)) + cell(us(s.p99_us)) + cell(us(s.p999_us)) +
         cell(std::to_string(s.max_us)) +
         cell(std::string(measure::to_string(s.method)) +
                  (s.resolution_us > 0 ? " (" + std::to_string(s.resolution_us) + " us)" : ""),
              false) +
         cell(escape_html(stream_health(d)), false);
}

const char* const kLatencyHeader =
    "<th>direction</th><th class=\"num\">min [\u00b5s]</th><th class=\"num\">P50 [\u00b5s]</th>"
    "<th class=\"num\">P90 [\u00b5s]</th><th class=\"num\">P99 [\u00b5s]</th>"
    "<th class=\"num\">P99.9 [\u00b5s]</th><th class=\"num\">max [\u00b5s]</th>"
    "<th>method (resolution)</th><th>latency frames received</th>";

std::string notes_list(const std::vector<std::string>& notes) {
  if (notes.empty()) return "";
  std::string html = "<ul class=\"note\">\n";
  for (const std::string& note : notes) html += "<li>" + escape_html(note) + "</li>\n";
  return html + "</ul>\n";
}

std::vector<std::string> goals_of(const latency::LatencyPhaseResult& phase) {
  std::vector<std::string> goals;
  for (const auto& point : phase.points) {
    if (std::find(goals.begin(), goals.end(), point.goal) == goals.end())
      goals.push_back(point.goal);
  }
  return goals;
}

std::vector<std::string> directions_of(
    const std::vector<const std::vector<measure::DirectionLatency>*>& lists) {
  std::vector<std::string> names;
  for (const auto* list : lists) {
    for (const auto& d : *list) {
      if (std::find(names.begin(), names.end(), d.name) == names.end()) names.push_back(d.name);
    }
  }
  return names;
}

const measure::DirectionLatency* find(const std::vector<measure::DirectionLatency>& list,
                                      const std::string& name) {
  for (const auto& d : list) {
    if (d.name == name) return &d;
  }
  return nullptr;
}

// One series per direction and statistic (P50, P99, max) against `x`.
struct Statistic {
  const char* label;
  std::optional<std::uint64_t> (*value)(const measure::LatencySummary&);
};
const Statistic kStatistics[] = {
    {"P50", [](const measure::LatencySummary& s) { return s.p50_us; }},
    {"P99", [](const measure::LatencySummary& s) { return s.p99_us; }},
    {"max",
     [](const measure::LatencySummary& s) -> std::optional<std::uint64_t> {
       return s.samples > 0 ? std::optional(s.max_us) : std::nullopt;
     }},
};

/// One series per direction and statistic over `items` (latency trials or soak
/// trials): y the statistic of the item's latency in that direction, x what
/// `x_of` gives; the colours cycle in that order.
template <typename Item, typename DirectionsOf, typename XOf>
void add_latency_series(SvgChart& chart, const std::vector<std::string>& names,
                        std::span<const Statistic> statistics,
                        const std::vector<const Item*>& items, DirectionsOf directions_of_item,
                        XOf x_of) {
  std::size_t colour = 0;
  for (const std::string& name : names) {
    for (const Statistic& statistic : statistics) {
      ChartSeries series{
          {}, {}, {}, {}, name + " " + statistic.label, kColours[colour++ % std::size(kColours)]};
      for (const Item* item : items) {
        const auto* d = find(directions_of_item(*item), name);
        if (d == nullptr) continue;
        if (const auto value = statistic.value(d->summary)) {
          series.x.push_back(x_of(*item));
          series.y.push_back(static_cast<double>(*value));
        }
      }
      if (!series.x.empty()) chart.series.push_back(series);
    }
  }
}

using LatencyPoints = std::vector<const latency::LatencyPoint*>;

/// P50, P99 and max per direction against each latency trial's load.
SvgChart load_latency_chart(const std::string& goal, const LatencyPoints& points,
                            const std::vector<std::string>& names) {
  SvgChart chart;
  chart.title = "Latency against load at fractions of " + goal;
  chart.x_label = "load [frames/s per direction]";
  chart.y_label = "latency [\u00b5s]";
  add_latency_series(
      chart, names, kStatistics, points,
      [](const latency::LatencyPoint& point) -> const auto& { return point.directions; },
      [](const latency::LatencyPoint& point) { return point.load_pps; });
  chart.caption = "P50, P99 and max per direction at each latency trial's load.";
  return chart;
}

/// A row per direction of each latency trial, and the trials' notes.
std::string load_latency_table(const std::string& goal, const LatencyPoints& points) {
  std::string html = "<h3>" + escape_html(goal) +
                     "</h3>\n<table>\n<tr><th class=\"num\">fraction</th>"
                     "<th class=\"num\">load</th><th class=\"num\">trial</th>" +
                     std::string(kLatencyHeader) + "</tr>\n";
  for (const auto* point : points) {
    for (const auto& d : point->directions) {
      html += "<tr>" + cell(percent(point->fraction)) + cell(load_text(point->load_pps)) +
              cell(std::to_string(point->trial)) + latency_row_cells(d) + "</tr>\n";
    }
    if (point->directions.empty()) {
      html += "<tr>" + cell(percent(point->fraction)) + cell(load_text(point->load_pps)) +
              cell(std::to_string(point->trial)) + "<td colspan=\"9\">no latency</td></tr>\n";
    }
  }
  html += "</table>\n";
  std::vector<std::string> notes;
  for (const auto* point : points) {
    for (const measure::TrialNote& note : point->notes) {
      notes.push_back(percent(point->fraction) + ": " + note.text());
    }
  }
  return html + notes_list(notes);
}

/// Each soak trial's P50 and P99 per direction over the run's time.
SvgChart soak_latency_chart(const std::vector<const PlrReportTrial*>& trials,
                            const std::vector<std::string>& names, double run_duration_s) {
  const bool hours = run_duration_s > 3.0 * 3600.0;
  const double unit_s = hours ? 3600.0 : 60.0;
  SvgChart chart;
  chart.title = "Latency over the soak";
  chart.x_label = std::string("time [") + (hours ? "h" : "min") + "]";
  chart.y_label = "latency [\u00b5s]";
  // P50 and P99, as the caption says.
  add_latency_series(
      chart, names, std::span<const Statistic>(kStatistics).first(2), trials,
      [](const PlrReportTrial& trial) -> const auto& { return trial.latency; },
      [unit_s](const PlrReportTrial& trial) { return trial.finished_at_s / unit_s; });
  chart.caption = "Each trial's P50 and P99 per direction, at the end of the trial.";
  return chart;
}

/// The P99 trend per direction (docs/latency.md).
std::string latency_trend_table(const latency::LatencyTrend& trend) {
  std::string html =
      "<h3>Trend of P99</h3>\n<p class=\"note\">Median P99 of the first and of the last "
      "quarter of the trials; flagged when the growth exceeds the largest of 3 standard "
      "errors (from the quarters' median absolute deviation), 10 % of the first quarter "
      "and 2 resolution steps (docs/latency.md).</p>\n<table>\n<tr><th>direction</th>"
      "<th class=\"num\">trials</th><th class=\"num\">first quarter [\u00b5s]</th>"
      "<th class=\"num\">last quarter [\u00b5s]</th><th class=\"num\">growth [\u00b5s]</th>"
      "<th class=\"num\">threshold [\u00b5s]</th><th class=\"num\">slope [\u00b5s/h]</th>"
      "<th>verdict</th></tr>\n";
  for (const auto& d : trend.directions) {
    const std::string verdict = !d.judged   ? "too few trials to judge"
                                : d.flagged ? "GROWING"
                                            : "no significant growth";
    html += "<tr>" + cell(escape_html(d.direction), false) + cell(std::to_string(d.points)) +
            cell(significant(d.first_quarter_us, 3)) + cell(significant(d.last_quarter_us, 3)) +
            cell(significant(d.growth_us, 3)) + cell(significant(d.threshold_us, 3)) +
            cell(significant(d.slope_us_per_hour, 3)) + cell(verdict, false) + "</tr>\n";
  }
  return html + "</table>\n";
}

}  // namespace

std::string mlr_latency_section(const latency::LatencyPhaseResult& phase) {
  if (phase.points.empty() && phase.notes.empty()) return "";
  std::string html =
      "<h2>Latency</h2>\n<p class=\"note\">Latency trials after the search: the "
      "latency streams next to main traffic at fractions of the goal's conditional "
      "throughput (0 %: the streams alone), one trial each. Microseconds, as TRex "
      "resolves them.</p>\n";
  for (const std::string& goal : goals_of(phase)) {
    LatencyPoints points;
    std::vector<const std::vector<measure::DirectionLatency>*> lists;
    for (const auto& point : phase.points) {
      if (point.goal != goal) continue;
      points.push_back(&point);
      lists.push_back(&point.directions);
    }
    const SvgChart chart = load_latency_chart(goal, points, directions_of(lists));
    if (!chart.series.empty()) html += chart.render();
    html += load_latency_table(goal, points);
  }
  html += notes_list(phase.notes);
  return html;
}

std::string plr_latency_section(const PlrReportData& data) {
  std::vector<const PlrReportTrial*> trials;
  std::vector<const std::vector<measure::DirectionLatency>*> lists;
  for (const PlrReportTrial& trial : data.trials) {
    if (trial.latency.empty()) continue;
    trials.push_back(&trial);
    lists.push_back(&trial.latency);
  }
  if (trials.empty()) return "";
  std::string html = "<h2>Latency</h2>\n";
  if (data.latency_trend && data.latency_trend->flagged()) {
    html +=
        "<p class=\"warning\"><strong>LATENCY TREND:</strong> P99 grew over the soak in at "
        "least one direction (below).</p>\n";
  }
  html += soak_latency_chart(trials, directions_of(lists), data.run_duration_s).render();
  if (data.latency_trend) html += latency_trend_table(*data.latency_trend);
  html +=
      "<h3>Per direction: first, middle and last trial</h3>\n<table>\n<tr>"
      "<th class=\"num\">trial</th>" +
      std::string(kLatencyHeader) + "</tr>\n";
  for (const auto* trial : {trials.front(), trials[trials.size() / 2], trials.back()}) {
    for (const auto& d : trial->latency) {
      html += "<tr>" + cell(std::to_string(trial->number)) + latency_row_cells(d) + "</tr>\n";
    }
  }
  return html + "</table>\n";
}

}  // namespace trexsearch::report
