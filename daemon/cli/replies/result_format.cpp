#include "daemon/cli/replies/result_format.hpp"

#include <sstream>

#include "daemon/cli/replies/client_format.hpp"
#include "daemon/cli/text/bound_directions.hpp"
#include "daemon/cli/text/fixed_load_text.hpp"
#include "daemon/cli/text/latency_text.hpp"
#include "daemon/cli/text/line_rate_text.hpp"
#include "daemon/cli/text/number_text.hpp"
#include "daemon/cli/text/terminal_text.hpp"
#include "daemon/cli/text/tester_limit_text.hpp"
#include "daemon/cli/text/trial_notes_text.hpp"

namespace trexsearch::cli {
namespace {

// Notes and counters of every trial: what a reader must know before quoting a number.
std::string notes_and_counters(const std::vector<protocol::TrialRecord>& trials,
                               std::string_view unit) {
  std::string text = format_note_summary(trials, unit) + "\n";
  const std::string counters = format_counters_summary(trials);
  if (!counters.empty()) text += counters + "\n";
  return text;
}

std::string goal_table(const protocol::MlrResultView& search,
                       const std::optional<protocol::LineRateFacts>& line_rate,
                       std::string_view unit) {
  std::ostringstream text;
  const std::string per_second(unit);
  text << pad("GOAL", 10) << pad("LOWER [" + per_second + "]", 16)
       << pad("UPPER [" + per_second + "]", 16) << pad("COND. THROUGHPUT", 18) << "\n";
  for (const protocol::ResultGoal& goal : search.goals) {
    text << pad(goal.name, 10) << pad(format_load(goal.relevant_lower_bound_pps), 16)
         << pad(format_load(goal.relevant_upper_bound_pps), 16)
         << pad(format_load(goal.conditional_throughput_pps), 18)
         << goal_verdict(goal.tester_limited, goal.regular, goal.irregular_reason, unit) << "\n";
  }
  text << format_goal_line_rate(search.goals, line_rate);
  for (const protocol::ResultGoal& goal : search.goals) {
    if (!goal.tester_limited) continue;
    text << tester_limited_sentence(goal.name, goal.relevant_upper_bound_pps,
                                    goal.tester_limited->trials, goal.tester_limited->reached_pps,
                                    unit)
         << "\n";
  }
  return text.str();
}

std::string format_mlr_result(const protocol::JobSummary& job,
                              const protocol::MlrResultView& search,
                              const std::optional<protocol::LineRateFacts>& line_rate) {
  std::ostringstream text;
  text << "job " << job.id << ": " << protocol::to_string(job.state) << ", search "
       << search.stop_reason;
  if (!search.stop_detail.empty()) text << " (" << search.stop_detail << ")";
  text << "\n";
  text << search.totals.trial_count << " trials, "
       << fixed(search.totals.effective_duration_sum_s, 1) << " s of trials, "
       << fixed(search.totals.duration_s, 1) << " s of search\n";
  text << goal_table(search, line_rate, job.load_unit);
  const std::string directions = format_bound_directions(search);
  if (!directions.empty()) text << "\n" << directions;
  const std::string latency = format_latency_phase(search.latency);
  if (!latency.empty()) text << "\n" << latency;
  text << "\n" << notes_and_counters(search.trials, job.load_unit);
  return text.str();
}

// "estimate 3203296.2 pps +- 1523.4 (0.048 %)".
std::string plr_estimate_line(const plr::PlrEstimate& estimate, std::string_view unit) {
  return "estimate " + fixed(estimate.average_pps, 1) + " " + std::string(unit) + " +- " +
         fixed(estimate.stdev_pps, 1) + " (" + fixed(estimate.relative_stdev() * 100.0, 3) + " %)";
}

// As `trex-search simulate --method plr --table` says it. Over a few minutes the
// estimate is still converging; a slope there says nothing about the SUT.
std::string plr_trend_line(const protocol::PlrTrendView& trend) {
  std::ostringstream text;
  const double window_s = trend.window_end_s - trend.window_start_s;
  text << "  trend: " << fixed(100.0 * trend.slope_per_hour, 4) << " % per hour +- "
       << fixed(100.0 * trend.slope_stderr_per_hour, 4) << " %: ";
  if (window_s < 600.0) {
    text << "window of " << fixed(window_s, 0) << " s, too short to tell drift from convergence";
  } else {
    text << (trend.significant ? "SIGNIFICANT, the SUT's capacity is drifting"
                               : "no significant drift");
  }
  text << "\n";
  return text.str();
}

std::string format_plr_result(const protocol::JobSummary& job,
                              const protocol::PlrResultView& search,
                              const std::optional<protocol::LineRateFacts>& line_rate) {
  std::ostringstream text;
  text << "job " << job.id << ": " << protocol::to_string(job.state) << ", soak "
       << search.stop_reason;
  if (!search.stop_detail.empty() && search.stop_detail != search.stop_reason) {
    text << " (" << search.stop_detail << ")";
  }
  text << "\n";
  text << search.totals.trial_count << " trials, "
       << fixed(search.totals.effective_duration_sum_s, 1) << " s of trials, "
       << fixed(search.totals.duration_s, 1) << " s of search\n";
  const std::string tester = format_plr_tester_limit(
      search.tester_limit, search.tester_limited.value_or(false), job.load_unit);
  if (!search.estimate) {
    text << "no estimate (no trial completed)\n"
         << tester << notes_and_counters(search.trials, job.load_unit);
    return text.str();
  }
  const plr::PlrEstimate& estimate = *search.estimate;
  text << "critical load: " << plr_estimate_line(estimate, job.load_unit)
       << line_rate_suffix(estimate.average_pps, line_rate) << "\n";
  text << "  interval: " << fixed(estimate.lower_pps, 1) << " .. " << fixed(estimate.upper_pps, 1)
       << " " << job.load_unit << "\n";
  if (search.trend) text << plr_trend_line(*search.trend);
  text << format_latency_trend(search.latency_trend);
  text << tester << notes_and_counters(search.trials, job.load_unit);
  return text.str();
}

// MRR and soaks: what the trials received, then every trial's notes.
std::string format_fixed_load_result(const protocol::JobSummary& job,
                                     const protocol::FixedLoadView& search,
                                     const std::optional<protocol::LineRateFacts>& line_rate) {
  std::ostringstream text;
  text << "job " << job.id << ": " << protocol::to_string(job.state) << ", " << job.method << " "
       << search.stop_reason;
  if (!search.stop_detail.empty()) text << " (" << search.stop_detail << ")";
  text << "\n" << format_fixed_load_summary(search, line_rate, job.load_unit);
  text << "\n" << notes_and_counters(search.trials, job.load_unit);
  return text.str();
}

}  // namespace

std::string format_plr_tester_limit(const std::optional<plr::PlrTesterLimit>& tester_limit,
                                    bool tester_limited, std::string_view unit) {
  if (!tester_limit || tester_limit->trials == 0) return "";
  const std::string per_second = " " + std::string(unit);
  const plr::PlrTesterLimit& limit = *tester_limit;
  const auto trials = limit.trials;
  std::string text = "tester: " + std::to_string(trials) + " tester-limited trial" +
                     (trials == 1 ? "" : "s") +
                     " (counted as full loss; the tester reached at most " +
                     fixed(limit.reached_pps.value_or(0.0), 1) + per_second + ")\n";
  const std::string near = limit.estimate_upper_end_pps
                               ? std::to_string(limit.trials_near_estimate) +
                                     " at or below the estimate's average + 2 stdev (" +
                                     fixed(*limit.estimate_upper_end_pps, 1) + per_second + ")"
                               : "no estimate to compare with";
  const std::string below =
      limit.lowest_sut_lossy_pps
          ? std::to_string(limit.trials_below_sut_loss) +
                " at or below the lowest load where the SUT itself lost frames (" +
                fixed(*limit.lowest_sut_lossy_pps, 1) + per_second + ")"
          : std::to_string(limit.trials_below_sut_loss) + " while the SUT itself never lost frames";
  if (tester_limited) {
    return text + "  TESTER-LIMITED: the estimate may describe the tester, not the SUT: " + near +
           "; " + below + "\n";
  }
  return text + "  they do not bear on the estimate: " + near + "; " + below + "\n";
}

std::string format_result(const protocol::ResultReply& result) {
  const auto& view = result.result.view;
  if (const auto* fixed_load = std::get_if<protocol::FixedLoadView>(&view)) {
    return format_fixed_load_result(result.job, *fixed_load, result.line_rate);
  }
  if (const auto* plr = std::get_if<protocol::PlrResultView>(&view)) {
    return format_plr_result(result.job, *plr, result.line_rate);
  }
  return format_mlr_result(result.job, std::get<protocol::MlrResultView>(view), result.line_rate);
}

bool result_stopped_early(const protocol::ResultDocument& result) {
  const auto* mlr = std::get_if<protocol::MlrResultView>(&result.view);
  return mlr != nullptr && !mlr->stop_reason.empty() && mlr->stop_reason != "completed";
}

std::string stopped_early_notice(const protocol::ResultDocument& result) {
  if (!result_stopped_early(result)) return "";
  const auto& mlr = std::get<protocol::MlrResultView>(result.view);
  return "search stopped early (" + terminal_safe(mlr.stop_reason) +
         (mlr.stop_detail.empty() ? "" : ": " + terminal_safe(mlr.stop_detail)) +
         "): the bounds are partial";
}

bool result_not_clean(const protocol::ResultDocument& result) {
  if (const auto* fixed_load = std::get_if<protocol::FixedLoadView>(&result.view)) {
    return fixed_load->tester_limited;
  }
  if (const auto* plr = std::get_if<protocol::PlrResultView>(&result.view)) {
    return plr->tester_limited.value_or(false);
  }
  for (const protocol::ResultGoal& goal : std::get<protocol::MlrResultView>(result.view).goals) {
    if (goal.tester_limited) return true;
  }
  return false;
}

std::string not_clean_notice(const protocol::ResultDocument& result, std::string_view unit) {
  if (!result_not_clean(result)) return "";
  const std::string per_second = " " + std::string(unit);
  if (const auto* fixed_load = std::get_if<protocol::FixedLoadView>(&result.view)) {
    return fixed_load_not_clean_notice(*fixed_load, unit);
  }
  if (const auto* plr = std::get_if<protocol::PlrResultView>(&result.view)) {
    const double reached = plr->tester_limit ? plr->tester_limit->reached_pps.value_or(0.0) : 0.0;
    return "not a clean result: tester-limited trials (the tester reached at most " +
           fixed(reached, 1) + per_second +
           ") near the estimate or below every load where the SUT itself lost frames";
  }
  std::string goals;
  for (const protocol::ResultGoal& goal : std::get<protocol::MlrResultView>(result.view).goals) {
    if (!goal.tester_limited) continue;
    goals += (goals.empty() ? "" : ", ") + terminal_safe(goal.name) +
             "'s upper bound is the tester's (it reached " +
             fixed(goal.tester_limited->reached_pps, 1) + per_second + ")";
  }
  return "not a clean result: " + goals;
}

}  // namespace trexsearch::cli
