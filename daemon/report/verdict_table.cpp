#include "daemon/report/verdict_table.hpp"

#include <optional>

#include "daemon/report/charts/mlr_charts.hpp"
#include "daemon/report/note_tally.hpp"
#include "daemon/report/page/display_number.hpp"
#include "daemon/report/page/html_text.hpp"
#include "daemon/report/trial_notes_html.hpp"

namespace trexsearch::report {
namespace {

/// Per direction, like TRex's percentage: L1 bits of one port over its speed.
std::optional<double> line_rate_percent(const ReportContext& context, double load_pps) {
  if (!context.frame_bits || !context.port_bps || *context.port_bps <= 0.0) return std::nullopt;
  return 100.0 * load_pps * *context.frame_bits / *context.port_bps;
}

/// All directions together, on the wire (preamble and gap included).
std::optional<double> l1_bps(const ReportContext& context, double load_pps) {
  if (!context.frame_bits || !context.directions) return std::nullopt;
  return load_pps * *context.directions * *context.frame_bits;
}

std::string num(const std::string& text) { return "<td class=\"num\">" + text + "</td>"; }

std::string fact_row(const std::string& name, const std::string& html_value) {
  return "<tr><th>" + escape_html(name) + "</th><td>" + html_value + "</td></tr>\n";
}

/// "12 of 50 trials carry notes (see Notes)" or "none of the 50 trials has a note".
std::string notes_count_text(std::size_t with_notes, std::size_t trials) {
  if (with_notes == 0) return "none of the " + std::to_string(trials) + " trials has a note";
  return std::to_string(with_notes) + " of " + std::to_string(trials) +
         " trials carry notes (<a href=\"#notes\">Notes</a>)";
}

std::string result_cell(const mlr::GoalResult& goal) {
  if (goal.tester_limit) {
    return "<td class=\"irregular\">TESTER-LIMITED (tester reached " +
           load_text(goal.tester_limit->reached_pps) + ")" + (goal.regular() ? "" : ", irregular") +
           "</td>";
  }
  if (goal.regular()) return "<td class=\"regular\">regular</td>";
  return "<td class=\"irregular\">irregular: " +
         escape_html(std::string(mlr::to_string(goal.irregularity))) + "</td>";
}

/// Whether any goal's conditional throughput can be shown against line rate.
bool any_line_rate(const ReportContext& context, const mlr::SearchResult& result) {
  for (const mlr::GoalResult& goal : result.goals) {
    if (goal.conditional_throughput_pps &&
        (line_rate_percent(context, *goal.conditional_throughput_pps) ||
         l1_bps(context, *goal.conditional_throughput_pps))) {
      return true;
    }
  }
  return false;
}

/// One row per goal: its conditional throughput (against line rate when `rates`),
/// the result, the loss ratio and the bounds.
std::string mlr_goal_table(const ReportContext& context, const mlr::SearchResult& result,
                           bool rates) {
  std::string html =
      "<table class=\"verdict\">\n"
      "<tr><th>goal</th><th class=\"num\">conditional throughput</th>";
  if (rates)
    html += "<th class=\"num\">% of line rate</th><th class=\"num\">L1, all directions</th>";
  html +=
      "<th>result</th><th class=\"num\">loss ratio</th><th class=\"num\">lower bound</th>"
      "<th class=\"num\">upper bound</th></tr>\n";
  for (std::size_t i = 0; i < result.goals.size(); ++i) {
    const mlr::GoalResult& goal = result.goals[i];
    html += "<tr><th style=\"color:" + std::string(goal_colour(i)) + "\">" +
            escape_html(goal.label) + "</th>" +
            num("<strong>" + load_text(goal.conditional_throughput_pps) + "</strong>");
    if (rates) {
      const auto& throughput = goal.conditional_throughput_pps;
      const auto percent = throughput ? line_rate_percent(context, *throughput) : std::nullopt;
      const auto bits = throughput ? l1_bps(context, *throughput) : std::nullopt;
      html += num(percent ? percent_text(*percent) : "-") + num(bits ? gbps_text(*bits) : "-");
    }
    // The bounds after the result: on a phone the first columns are what shows.
    html += result_cell(goal) + num(ratio_text(goal.goal.loss_ratio)) +
            num(load_text(goal.relevant_lower_bound_pps)) +
            num(load_text(goal.relevant_upper_bound_pps)) + "</tr>\n";
  }
  return html + "</table>\n";
}

/// The facts under the goals: trials, how the search ended, counters, notes, units.
std::string mlr_facts(const mlr::SearchResult& result) {
  CounterTally counters;
  std::size_t with_notes = 0;
  for (const mlr::TrialRecord& trial : result.trials) {
    const measure::TrialResult& r = trial.result;
    counters.add(r.counters());
    with_notes += note_keys(r.notes(), r.tester_limited()).empty() ? 0 : 1;
  }
  const std::size_t trials = result.trials.size();
  std::string html = "<table class=\"facts\">\n";
  html += fact_row(
      "Trials", std::to_string(trials) + " (" + seconds_text(result.trial_duration_sum().count()) +
                    " of traffic; search " + seconds_text(result.search_duration.count()) + ")");
  std::string ending(mlr::to_string(result.stop_reason));
  if (!result.stop_detail.empty()) ending += ": " + result.stop_detail;
  html += fact_row("Search ended", escape_html(ending));
  const std::string sources = counters_text(counters.sources(), trials);
  html += fact_row("Counters", sources.empty() ? "not reported by the measurer" : sources);
  html += fact_row("Notes", notes_count_text(with_notes, trials));
  html += fact_row("Loads",
                   "frames per second per direction (draft-06, RFC 2544); "
                   "loss counts over all directions");
  return html + "</table>\n";
}

std::string critical_load_row(const ReportContext& context, const PlrReportData& data) {
  if (!data.estimate) return fact_row("Critical load", "no estimate yet");
  const PlrEstimatePoint& e = *data.estimate;
  std::string text = "<strong>" + load_text(e.average_pps, e.stdev_pps) + "</strong> &plusmn; " +
                     load_text(e.stdev_pps) + " (1 stdev)";
  if (const auto percent = line_rate_percent(context, e.average_pps)) {
    text += ", " + percent_text(*percent) + " of line rate";
  }
  if (const auto bits = l1_bps(context, e.average_pps)) {
    text += ", " + gbps_text(*bits) + " L1 over all directions";
  }
  return fact_row("Critical load", text);
}

std::string plr_tester_limit_row(const PlrReportData& data) {
  if (data.tester_limit && data.tester_limit->limited()) {
    return fact_row("Tester limit",
                    "<span class=\"irregular\">TESTER-LIMITED: the estimate may "
                    "describe the tester, not the SUT</span>");
  }
  std::size_t limited = 0;
  for (const PlrReportTrial& trial : data.trials) limited += trial.tester_limited_pps ? 1 : 0;
  return fact_row("Tester limit", limited == 0
                                      ? "no trial was tester-limited"
                                      : std::to_string(limited) +
                                            " tester-limited trial(s); they do not bear on the "
                                            "estimate");
}

std::string plr_trend_row(const PlrReportTrend& trend) {
  const bool short_window = trend.window_end_s - trend.window_start_s < 600.0;
  return fact_row("Trend", short_window ? "no verdict: the window is shorter than 10 minutes"
                           : trend.significant
                               ? "<span class=\"irregular\">still drifting</span> (" +
                                     significant(100.0 * trend.slope_per_hour, 2) + " % per hour)"
                               : "settled");
}

/// The trials' facts: their count, how the run ended, counters, notes, units.
std::string plr_trial_facts(const PlrReportData& data) {
  CounterTally counters;
  std::size_t with_notes = 0;
  for (const PlrReportTrial& trial : data.trials) {
    counters.add(trial.counters);
    with_notes += note_keys(trial.notes, trial.tester_limited_pps.has_value()).empty() ? 0 : 1;
  }
  const std::size_t trials = data.trials.size();
  std::string html =
      fact_row("Trials", std::to_string(trials) + " over " + seconds_text(data.run_duration_s));
  std::string ending = data.stop_reason.empty() ? "still running" : data.stop_reason;
  if (!data.stop_detail.empty()) ending += ": " + data.stop_detail;
  html += fact_row("Run ended", escape_html(ending));
  const std::string sources = counters_text(counters.sources(), trials);
  html += fact_row("Counters", sources.empty() ? "not reported by the measurer" : sources);
  html += fact_row("Notes", notes_count_text(with_notes, trials));
  html += fact_row("Loads", "frames per second per direction; loss counts over all directions");
  return html;
}

}  // namespace

std::string mlr_verdict(const ReportContext& context, const mlr::SearchResult& result) {
  return "<h2 id=\"verdict\">Verdict</h2>\n" +
         mlr_goal_table(context, result, any_line_rate(context, result)) + mlr_facts(result);
}

std::string plr_verdict(const ReportContext& context, const PlrReportData& data) {
  std::string html = "<h2 id=\"verdict\">Verdict</h2>\n<table class=\"facts\">\n";
  html += critical_load_row(context, data);
  if (data.target_loss_ratio) {
    html += fact_row("Target loss ratio", ratio_text(*data.target_loss_ratio));
  }
  html += plr_tester_limit_row(data);
  if (data.trend) html += plr_trend_row(*data.trend);
  return html + plr_trial_facts(data) + "</table>\n";
}

}  // namespace trexsearch::report
