#include "daemon/cli/result_format.hpp"

#include <cstdio>
#include <sstream>

#include "daemon/cli/bound_directions.hpp"
#include "daemon/cli/client_format.hpp"
#include "daemon/cli/fixed_load_text.hpp"
#include "daemon/cli/latency_text.hpp"
#include "daemon/cli/line_rate_text.hpp"
#include "daemon/cli/number_text.hpp"
#include "daemon/cli/terminal_text.hpp"
#include "daemon/cli/tester_limit_text.hpp"
#include "daemon/cli/trial_notes_text.hpp"
#include "daemon/codec/latency_codec.hpp"
#include "daemon/protocol/job_replies_codec.hpp"
#include "daemon/protocol/trial_record_codec.hpp"

namespace trexsearch::cli {
namespace {

std::optional<double> load_of(const Json::Value& load) {
  return load.isNumeric() ? std::optional(load.asDouble()) : std::nullopt;
}

std::optional<mlr::TesterLimit> tester_limited_of(const Json::Value& goal) {
  const Json::Value& limit = goal["tester_limited"];
  if (!limit.isObject()) return std::nullopt;
  return mlr::TesterLimit{static_cast<std::size_t>(limit["trials"].asUInt64()),
                          limit["reached_pps"].asDouble()};
}

std::optional<plr::PlrTesterLimit> plr_tester_limit_of(const Json::Value& search) {
  if (!search["tester_limit"].isObject()) return std::nullopt;
  return protocol::decode_plr_tester_limit(search["tester_limit"], "result.tester_limit");
}

// Notes and counters of every trial: what a reader must know before quoting a number.
std::string notes_and_counters(const Json::Value& json) {
  const std::vector<protocol::TrialRecord> trials =
      protocol::decode_trial_records(json, "result.trials");
  std::string text = format_note_summary(trials) + "\n";
  const std::string counters = format_counters_summary(trials);
  if (!counters.empty()) text += counters + "\n";
  return text;
}

std::string format_mlr_result(const Json::Value& job, const Json::Value& search,
                              const Json::Value& line_rate) {
  std::ostringstream text;
  text << "job " << job["id"].asInt64() << ": " << job["state"].asString() << ", search "
       << search["stop_reason"].asString();
  if (!search["stop_detail"].asString().empty())
    text << " (" << search["stop_detail"].asString() << ")";
  text << "\n";
  const Json::Value& totals = search["totals"];
  text << totals["trial_count"].asUInt64() << " trials, "
       << fixed(totals["effective_duration_sum"].asDouble(), 1) << " s of trials, "
       << fixed(totals["search_duration"].asDouble(), 1) << " s of search\n";
  text << pad("GOAL", 10) << pad("LOWER [pps]", 16) << pad("UPPER [pps]", 16)
       << pad("COND. THROUGHPUT", 18) << "\n";
  for (const auto& goal : search["goals"]) {
    text << pad(goal["name"].asString(), 10)
         << pad(format_load(load_of(goal["relevant_lower_bound"])), 16)
         << pad(format_load(load_of(goal["relevant_upper_bound"])), 16)
         << pad(format_load(load_of(goal["conditional_throughput"])), 18)
         << goal_verdict(tester_limited_of(goal), goal["regular"].asBool(),
                         goal["irregular_reason"].asString())
         << "\n";
  }
  const std::string in_line_rate = format_goal_line_rate(search["goals"], line_rate);
  if (!in_line_rate.empty()) text << in_line_rate;
  for (const auto& goal : search["goals"]) {
    const Json::Value& limit = goal["tester_limited"];
    if (!limit.isObject()) continue;
    const Json::Value& upper = goal["relevant_upper_bound"];
    text << tester_limited_sentence(
                goal["name"].asString(),
                upper.isNumeric() ? std::optional(upper.asDouble()) : std::nullopt,
                limit["trials"].asUInt64(), limit["reached_pps"].asDouble())
         << "\n";
  }
  const std::string directions = format_bound_directions(search);
  if (!directions.empty()) text << "\n" << directions;
  const std::string latency = format_latency_phase(codec::decode_latency_phase(search, "result"));
  if (!latency.empty()) text << "\n" << latency;
  text << "\n" << notes_and_counters(search["trials"]);
  return text.str();
}

// "estimate 3203296.2 pps +- 1523.4 (0.048 %)".
std::string plr_estimate_line(const Json::Value& estimate) {
  return "estimate " + fixed(estimate["average"].asDouble(), 1) + " pps +- " +
         fixed(estimate["stdev"].asDouble(), 1) + " (" +
         fixed(estimate["relative_stdev"].asDouble() * 100.0, 3) + " %)";
}

}  // namespace

std::string format_plr_tester_limit(const std::optional<plr::PlrTesterLimit>& tester_limit,
                                    bool tester_limited) {
  if (!tester_limit || tester_limit->trials == 0) return "";
  const plr::PlrTesterLimit& limit = *tester_limit;
  const auto trials = limit.trials;
  std::string text = "tester: " + std::to_string(trials) + " tester-limited trial" +
                     (trials == 1 ? "" : "s") +
                     " (counted as full loss; the tester reached at most " +
                     fixed(limit.reached_pps.value_or(0.0), 1) + " pps)\n";
  const std::string near = limit.estimate_upper_end_pps
                               ? std::to_string(limit.trials_near_estimate) +
                                     " at or below the estimate's average + 2 stdev (" +
                                     fixed(*limit.estimate_upper_end_pps, 1) + " pps)"
                               : "no estimate to compare with";
  const std::string below =
      limit.lowest_sut_lossy_pps
          ? std::to_string(limit.trials_below_sut_loss) +
                " at or below the lowest load where the SUT itself lost frames (" +
                fixed(*limit.lowest_sut_lossy_pps, 1) + " pps)"
          : std::to_string(limit.trials_below_sut_loss) + " while the SUT itself never lost frames";
  if (tester_limited) {
    return text + "  TESTER-LIMITED: the estimate may describe the tester, not the SUT: " + near +
           "; " + below + "\n";
  }
  return text + "  they do not bear on the estimate: " + near + "; " + below + "\n";
}

namespace {

std::string format_plr_result(const Json::Value& job, const Json::Value& search,
                              const Json::Value& line_rate) {
  std::ostringstream text;
  text << "job " << job["id"].asInt64() << ": " << job["state"].asString() << ", soak "
       << search["stop_reason"].asString();
  if (!search["stop_detail"].asString().empty() &&
      search["stop_detail"].asString() != search["stop_reason"].asString()) {
    text << " (" << search["stop_detail"].asString() << ")";
  }
  text << "\n";
  const Json::Value& totals = search["totals"];
  text << totals["trial_count"].asUInt64() << " trials, "
       << fixed(totals["effective_duration_sum"].asDouble(), 1) << " s of trials, "
       << fixed(totals["run_duration"].asDouble(), 1) << " s of search\n";
  const Json::Value& estimate = search["estimate"];
  if (!estimate.isObject()) {
    text << "no estimate (no trial completed)\n"
         << format_plr_tester_limit(plr_tester_limit_of(search), search["tester_limited"].asBool());
    text << notes_and_counters(search["trials"]);
    return text.str();
  }
  text << "critical load: " << plr_estimate_line(estimate)
       << line_rate_suffix(estimate["average"].asDouble(), line_rate) << "\n";
  text << "  interval: " << fixed(estimate["lower"].asDouble(), 1) << " .. "
       << fixed(estimate["upper"].asDouble(), 1) << " pps\n";
  if (search["trend"].isObject()) {
    // As `trex-search simulate --method plr --table` says it.
    // Over a few minutes the estimate is still converging; a slope there says
    // nothing about the SUT.
    const Json::Value& trend = search["trend"];
    const double window_s = trend["window_end"].asDouble() - trend["window_start"].asDouble();
    text << "  trend: " << fixed(100.0 * trend["slope_per_hour"].asDouble(), 4) << " % per hour +- "
         << fixed(100.0 * trend["slope_stderr_per_hour"].asDouble(), 4) << " %: ";
    if (window_s < 600.0) {
      text << "window of " << fixed(window_s, 0) << " s, too short to tell drift from convergence";
    } else {
      text << (trend["significant"].asBool() ? "SIGNIFICANT, the SUT's capacity is drifting"
                                             : "no significant drift");
    }
    text << "\n";
  }
  text << format_latency_trend(search["latency_trend"].isObject()
                                   ? std::optional(codec::decode_latency_trend(
                                         search["latency_trend"], "result.latency_trend"))
                                   : std::nullopt);
  text << format_plr_tester_limit(plr_tester_limit_of(search), search["tester_limited"].asBool())
       << notes_and_counters(search["trials"]);
  return text.str();
}

// MRR and soaks: what the trials received, then every trial's notes.
std::string format_fixed_load_result(const Json::Value& job, const Json::Value& search,
                                     const Json::Value& line_rate) {
  std::ostringstream text;
  text << "job " << job["id"].asInt64() << ": " << job["state"].asString() << ", "
       << job["method"].asString() << " " << search["stop_reason"].asString();
  if (!search["stop_detail"].asString().empty())
    text << " (" << search["stop_detail"].asString() << ")";
  text << "\n" << format_fixed_load_summary(search, line_rate);
  text << "\n" << notes_and_counters(search["trials"]);
  return text.str();
}

bool is_fixed_load(const Json::Value& job) {
  return job["method"].asString() == "mrr" || job["method"].asString() == "soak";
}

}  // namespace

std::string format_result(const Json::Value& result) {
  const Json::Value& job = result["job"];
  const Json::Value& search = result["result"];
  if (is_fixed_load(job)) return format_fixed_load_result(job, search, result["line_rate"]);
  return job["method"].asString() == "plr" ? format_plr_result(job, search, result["line_rate"])
                                           : format_mlr_result(job, search, result["line_rate"]);
}

bool result_stopped_early(const Json::Value& search_result) {
  return search_result["goals"].isArray() && search_result["stop_reason"].isString() &&
         search_result["stop_reason"].asString() != "completed";
}

std::string stopped_early_notice(const Json::Value& search_result) {
  if (!result_stopped_early(search_result)) return "";
  const std::string detail = search_result["stop_detail"].asString();
  return "search stopped early (" + terminal_safe(search_result["stop_reason"].asString()) +
         (detail.empty() ? "" : ": " + terminal_safe(detail)) + "): the bounds are partial";
}

bool result_not_clean(const Json::Value& search_result) {
  if (search_result["tester_limited"].isBool()) return search_result["tester_limited"].asBool();
  for (const Json::Value& goal : search_result["goals"]) {
    if (goal["tester_limited"].isObject()) return true;
  }
  return false;
}

std::string not_clean_notice(const Json::Value& search_result) {
  if (!result_not_clean(search_result)) return "";
  if (search_result["rate_basis"].isString()) return fixed_load_not_clean_notice(search_result);
  if (search_result["tester_limited"].isBool()) {
    const Json::Value& limit = search_result["tester_limit"];
    return "not a clean result: tester-limited trials (the tester reached at most " +
           fixed(limit["reached_pps"].asDouble(), 1) +
           " pps) near the estimate or below every load where the SUT itself lost frames";
  }
  std::string goals;
  for (const Json::Value& goal : search_result["goals"]) {
    if (!goal["tester_limited"].isObject()) continue;
    goals += (goals.empty() ? "" : ", ") + terminal_safe(goal["name"].asString()) +
             "'s upper bound is the tester's (it reached " +
             fixed(goal["tester_limited"]["reached_pps"].asDouble(), 1) + " pps)";
  }
  return "not a clean result: " + goals;
}

}  // namespace trexsearch::cli
