#include "daemon/report/charts/mlr_charts.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "daemon/report/page/display_number.hpp"
#include "daemon/report/page/loss_ratio_chart.hpp"
#include "daemon/report/page/svg_chart.hpp"
#include "daemon/report/trial_notes_html.hpp"

namespace trexsearch::report {
namespace {

// Distinct, print-safe colours for the goals.
constexpr const char* kGoalColours[] = {"#1f5fa8", "#8a3ffc", "#b35900", "#00796b", "#c2185b"};

/// The final bounds' neighbourhood: all goals' bounds with a margin; absent when
/// no goal has a bound.
std::optional<std::pair<double, double>> bound_window(const mlr::SearchResult& result) {
  double low = 0.0;
  double high = 0.0;
  for (const mlr::GoalResult& goal : result.goals) {
    for (const auto& bound : {goal.relevant_lower_bound_pps, goal.relevant_upper_bound_pps}) {
      if (!bound) continue;
      low = low == 0.0 ? *bound : std::min(low, *bound);
      high = std::max(high, *bound);
    }
  }
  if (low <= 0.0) return std::nullopt;
  const double margin = std::max((high - low) * 0.6, high * 0.01);
  return std::pair{low - margin, high + margin};
}

std::string trial_tooltip(const mlr::TrialRecord& trial) {
  const measure::TrialResult& r = trial.result;
  std::string text =
      "trial " + std::to_string(trial.number) + " (" + std::string(mlr::to_string(trial.phase)) +
      "): " + load_text(r.intended_load_pps()) + " for " +
      seconds_text(r.intended_duration().count()) + ", loss ratio " + ratio_text(r.loss_ratio());
  if (const auto& reached = r.tester_limited_pps()) {
    text += tester_limited_tooltip(*reached, r.measured_loss_ratio());
  }
  return text;
}

double duration_radius(double duration_s) {
  return std::clamp(3.0 + 1.5 * std::log2(1.0 + duration_s), 3.0, 12.0);
}

}  // namespace

const char* goal_colour(std::size_t index) {
  return kGoalColours[index % (sizeof kGoalColours / sizeof kGoalColours[0])];
}

std::string mlr_loss_chart(const mlr::SearchResult& result) {
  LossRatioChart chart;
  chart.title = "Loss ratio against load";
  chart.x_label = "trial load [frames/s per direction]";
  const auto window = bound_window(result);
  std::size_t left_out = 0;
  for (const mlr::TrialRecord& trial : result.trials) {
    if (trial.phase == mlr::TrialPhase::latency) continue;  // latency streams: own section
    const double load = trial.result.intended_load_pps();
    if (window && (load < window->first || load > window->second)) {
      ++left_out;
      continue;
    }
    chart.points.push_back(
        {load, trial.result.loss_ratio(), duration_radius(trial.result.intended_duration().count()),
         trial_tooltip(trial),
         trial.result.tester_limited() ? MarkerShape::triangle : MarkerShape::circle});
  }
  if (chart.points.empty() && left_out == 0) return "";
  for (std::size_t i = 0; i < result.goals.size(); ++i) {
    const mlr::GoalResult& goal = result.goals[i];
    chart.lines.push_back({goal.goal.loss_ratio,
                           goal.label + ": goal loss ratio " + ratio_text(goal.goal.loss_ratio) +
                               (goal.goal.loss_ratio <= 0.0 ? " (the floor line)" : ""),
                           goal_colour(i)});
  }
  chart.caption =
      "A trial below its goal's line counts towards the goal's lower bound, above it towards "
      "its upper bound (with the goal's exceed ratio). Marker size: trial duration.";
  if (left_out > 0) {
    chart.caption += " Shown: loads from " + load_text(window->first) + " to " +
                     load_text(window->second) + " around the final bounds; " +
                     std::to_string(left_out) +
                     " trial(s) further off are left out (the "
                     "trial chart below shows all).";
  }
  return chart.render();
}

std::string mlr_convergence_chart(const mlr::SearchResult& result,
                                  const std::vector<BoundStep>& steps) {
  if (steps.empty()) return "";
  SvgChart chart;
  chart.title = "Bounds converging, trial by trial";
  chart.x_label = "trial number";
  chart.y_label = "load [" + load_unit() + " per direction]";
  for (std::size_t goal = 0; goal < result.goals.size(); ++goal) {
    ChartSeries upper{
        {}, {}, {}, {}, result.goals[goal].label + ": relevant upper bound", goal_colour(goal)};
    ChartSeries lower{
        {},  {}, {}, {}, result.goals[goal].label + ": relevant lower bound", goal_colour(goal),
        true};
    // Steps: a bound holds from the trial that set it until the next step.
    for (std::size_t i = 0; i < steps.size(); ++i) {
      const double x = static_cast<double>(steps[i].trial_number);
      const double next = i + 1 < steps.size() ? static_cast<double>(steps[i + 1].trial_number) : x;
      for (auto [series, value] : {std::pair{&upper, steps[i].upper_pps[goal]},
                                   std::pair{&lower, steps[i].lower_pps[goal]}}) {
        if (!value) continue;
        series->x.insert(series->x.end(), {x, next});
        series->y.insert(series->y.end(), {*value, *value});
      }
    }
    for (ChartSeries* series : {&upper, &lower}) {
      if (!series->x.empty()) chart.series.push_back(*series);
    }
  }
  if (chart.series.empty()) return "";
  bool tester_limited = false;
  for (const mlr::TrialRecord& trial : result.trials) {
    if (trial.phase == mlr::TrialPhase::latency) continue;
    ChartPoint point;
    point.x = static_cast<double>(trial.number);
    point.y = trial.result.intended_load_pps();
    point.colour = loss_ratio_colour(trial.result.loss_ratio());
    point.radius = 3.5;
    point.tooltip = trial_tooltip(trial);
    if (trial.result.tester_limited()) {
      point.shape = MarkerShape::triangle;
      tester_limited = true;
    }
    chart.points.push_back(point);
  }
  chart.marker_legend.push_back({MarkerShape::circle, "trial load (colour: its loss ratio)"});
  if (tester_limited) {
    chart.marker_legend.push_back(
        {MarkerShape::triangle, "tester-limited trial (counted as full loss)"});
  }
  chart.y_window = bound_window(result);
  chart.caption =
      "After each trial, the relevant bounds the trials so far support for each goal (as "
      "`trex-search analyze` would have said then). Bounds converge as the trials at the final "
      "duration add up; loads outside the range shown are left out.";
  return chart.render();
}

std::string mlr_trial_chart(const mlr::SearchResult& result) {
  SvgChart chart;
  chart.title = "All trials: load by trial number";
  chart.x_label = "trial number";
  chart.y_label = "load [" + load_unit() + " per direction]";
  bool tester_limited = false;
  for (const mlr::TrialRecord& trial : result.trials) {
    ChartPoint point;
    point.x = static_cast<double>(trial.number);
    point.y = trial.result.intended_load_pps();
    point.colour = loss_ratio_colour(trial.result.loss_ratio());
    point.radius = duration_radius(trial.result.intended_duration().count());
    point.tooltip = trial_tooltip(trial);
    if (trial.result.tester_limited()) {
      point.shape = MarkerShape::triangle;
      tester_limited = true;
    }
    chart.points.push_back(point);
  }
  if (chart.points.empty()) return "";
  chart.marker_legend.push_back(
      {MarkerShape::circle, "trial (colour: loss ratio, green none to red all; size: duration)"});
  if (tester_limited) {
    chart.marker_legend.push_back(
        {MarkerShape::triangle, "tester-limited trial (counted as full loss)"});
  }
  for (std::size_t i = 0; i < result.goals.size(); ++i) {
    const mlr::GoalResult& goal = result.goals[i];
    const auto& lower = goal.relevant_lower_bound_pps;
    const auto& upper = goal.relevant_upper_bound_pps;
    if (!lower && !upper) continue;
    chart.bands.push_back(
        {lower.value_or(*upper), upper.value_or(*lower),
         goal.label + ": final relevant bounds" + (goal.regular() ? "" : " (irregular)"),
         goal_colour(i)});
  }
  chart.caption = "Loss ratio colours on a log scale from 1e-7 (green) to 1 (red).";
  return chart.render();
}

}  // namespace trexsearch::report
