#include "daemon/report/mlr_report.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "daemon/report/bound_convergence.hpp"
#include "daemon/report/charts/mlr_charts.hpp"
#include "daemon/report/direction_sums.hpp"
#include "daemon/report/latency_report.hpp"
#include "daemon/report/page/display_number.hpp"
#include "daemon/report/page/html_page.hpp"
#include "daemon/report/page/html_text.hpp"
#include "daemon/report/report_sections.hpp"
#include "daemon/report/trial_notes_html.hpp"
#include "daemon/report/verdict_table.hpp"
#include "search/selection_strategy.hpp"

namespace trexsearch::report {
namespace {

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
  std::string text = " (" + load_text(aggregate) + " all directions";
  if (context.frame_bits) {
    text += ", " + gbps_text(aggregate * *context.frame_bits) + " on the wire";
    if (context.port_bps && *context.port_bps > 0.0) {
      // Per direction, like TRex's percentage: L1 bits of one port over its speed.
      text += ", " + percent_text(100.0 * *load * *context.frame_bits / *context.port_bps) +
              " of line rate";
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
             load_text(goal.relevant_upper_bound_pps) + " comes from " +
             std::to_string(goal.tester_limit->trials) +
             " trial(s) in which the tester could not offer the intended load (it reached at "
             "most " +
             load_text(goal.tester_limit->reached_pps) +
             "). The SUT was never offered that load: its own upper bound is unknown; the "
             "lower bound still holds.</li>\n";
  }
  if (items.empty()) return "";
  return "<div class=\"warning\"><p><strong>Not a clean result: TESTER-LIMITED.</strong> A "
         "bound below describes the tester, not the SUT.</p>\n<ul>\n" +
         items + "</ul></div>\n";
}

std::string goal_section(const ReportContext& context, const mlr::GoalResult& goal,
                         std::size_t index) {
  std::string html = "<h2 style=\"color:" + std::string(goal_colour(index)) + "\">Goal " +
                     escape_html(goal.label) + "</h2>\n<table>\n";
  if (goal.tester_limit) {
    html += "<tr><th>Result</th><td class=\"irregular\">TESTER-LIMITED (tester reached " +
            load_text(goal.tester_limit->reached_pps) + ")" +
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
    html += row("Why irregular",
                std::string(mlr::to_string(goal.irregularity)) + ": " + goal.irregular_reason);
  }
  html += row("Relevant lower bound", load_text(goal.relevant_lower_bound_pps) +
                                          rate_details(context, goal.relevant_lower_bound_pps));
  html += row("Relevant upper bound", load_text(goal.relevant_upper_bound_pps) +
                                          rate_details(context, goal.relevant_upper_bound_pps));
  // Not right-aligned numbers: the rates after the load wrap on a phone.
  html += row("Conditional throughput", load_text(goal.conditional_throughput_pps) +
                                            rate_details(context, goal.conditional_throughput_pps));
  const mlr::SearchGoal& g = goal.goal;
  html += row("Loss ratio", ratio_text(g.loss_ratio), true);
  html += row("Exceed ratio", ratio_text(g.exceed_ratio), true);
  html += row("Relative width", ratio_text(g.relative_width), true);
  html += row("Final trial duration", seconds_text(g.final_trial_duration.count()), true);
  html += row("Duration sum", seconds_text(g.duration_sum.count()), true);
  html += row("Initial trial duration", seconds_text(g.initial_trial_duration.count()), true);
  html += row("Preceding targets", std::to_string(g.preceding_targets), true);
  html += row("Expansion coefficient", std::to_string(g.expansion_coefficient), true);
  html += row("Fail fast", g.fail_fast ? "yes" : "no");
  return html + "</table>\n";
}

std::string trial_table(const mlr::SearchResult& result) {
  std::string html =
      "<h2 id=\"trials\">Trials</h2>\n<details open><summary>All " +
      std::to_string(result.trials.size()) +
      " trials</summary>\n<table>\n<tr><th class=\"num\">#</th><th>phase</th>"
      "<th class=\"num\">load</th><th class=\"num\">duration</th>"
      "<th class=\"num\">effective</th><th class=\"num\">offered</th>"
      "<th class=\"num\">lost</th><th class=\"num\">loss ratio</th><th>notes</th></tr>\n";
  for (const mlr::TrialRecord& trial : result.trials) {
    const measure::TrialResult& r = trial.result;
    const auto& counts = r.counts();
    html += "<tr>" + cell(std::to_string(trial.number), true) +
            cell(std::string(mlr::to_string(trial.phase))) +
            cell(load_text(r.intended_load_pps()), true) +
            cell(seconds_text(r.intended_duration().count()), true) +
            cell(seconds_text(r.effective_duration().count()), true) +
            cell(counts ? count_text(counts->offered) : "-", true) +
            cell(counts ? count_text(counts->loss) : "-", true) +
            cell(ratio_text(r.loss_ratio()), true) +
            notes_cell(r.notes(), r.tester_limited_pps(), r.measured_loss_ratio()) + "</tr>\n";
  }
  return html + "</table>\n</details>\n";
}

std::string directions_section(const mlr::SearchResult& result) {
  std::vector<DirectionGroup> groups;
  for (const BoundDirections& bound : bound_directions(result)) {
    std::string roles;
    for (const std::string& role : bound.roles) roles += (roles.empty() ? "" : ", ") + role;
    groups.push_back(
        {load_text(bound.load_pps) + " (" + roles + ")", bound.trials, bound.directions});
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
    const measure::TrialResult& r = trial.result;
    tally.add(r.intended_load_pps(), r.notes(), r.tester_limited());
    counters.add(r.counters());
  }
  return notes_section(tally, counters.sources(), result.trials.size());
}

}  // namespace

std::string render_mlr_report(const ReportContext& context, const mlr::ControllerConfig& config,
                              const mlr::SearchResult& result,
                              const latency::LatencyPhaseResult& latency) {
  const LoadUnitScope page_unit(context.load_unit);
  // The verdict first, then the plots, then the details (issue #16: "reports that
  // read at a glance"); raw config last, collapsed.
  std::string body = report_title(context, tester_limit_warning(result));
  body += mlr_verdict(context, result);
  body += "<h2 id=\"plots\">Plots</h2>\n";
  body += mlr_loss_chart(result);
  body += mlr_convergence_chart(result, bound_convergence(config, result));
  body += mlr_trial_chart(result);
  for (std::size_t i = 0; i < result.goals.size(); ++i) {
    body += goal_section(context, result.goals[i], i);
  }
  body += mlr_latency_section(latency);
  body += directions_section(result);
  body += notes_summary(result);
  body += trial_table(result);
  body += about_section(
      context,
      row("Search limits", "min load " + load_text(config.min_load_pps) + ", max load " +
                               load_text(config.max_load_pps) + ", search_duration_max " +
                               seconds_text(config.search_duration_max.count()) + ", warmup " +
                               seconds_text(config.warmup_duration.count())) +
          // Which loads were measured: csit (the default, CSIT's trials) or fast
          // (docs/mlrsearch.md "Load-selection strategies").
          row("Load selection", std::string(mlr::to_string(config.strategy)) +
                                    (config.strategy == mlr::SelectionStrategy::csit
                                         ? " (the reference's loads, trial for trial)"
                                         : " (loads placed from measured forwarding rates)")));
  body += raw_section(context);
  return html_page(context.title, body);
}

}  // namespace trexsearch::report
