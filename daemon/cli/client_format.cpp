#include "daemon/cli/client_format.hpp"

#include <cstdio>
#include <optional>
#include <sstream>

#include "daemon/cli/fixed_load_text.hpp"
#include "daemon/cli/number_text.hpp"
#include "daemon/cli/result_format.hpp"
#include "daemon/cli/terminal_text.hpp"
#include "daemon/cli/tester_limit_text.hpp"
#include "daemon/cli/trial_text.hpp"
#include "daemon/protocol/document_codec.hpp"

namespace trexsearch::cli {
namespace {

std::string goal_bounds(const Json::Value& goals) {
  std::string text;
  for (const auto& goal : goals) {
    if (!text.empty()) text += "; ";
    text += goal["label"].asString() + " [" + format_load(goal["lower_bound"]) + ", " +
            format_load(goal["upper_bound"]) + "]";
    if (goal["target_depth"].asInt() > 0) {
      text += " (target " + std::to_string(goal["target_depth"].asInt()) + ")";
    }
    if (goal["done"].asBool()) text += " done";
  }
  return text;
}

// "estimate 3203296.2 pps +- 1523.4 (0.048 %)", or "no estimate yet".
std::string plr_estimate_text(const Json::Value& estimate) {
  if (!estimate.isObject()) return "no estimate yet";
  return "estimate " + fixed(estimate["average"].asDouble(), 1) + " pps +- " +
         fixed(estimate["stdev"].asDouble(), 1) + " (" +
         fixed(estimate["relative_stdev"].asDouble() * 100.0, 3) + " %)";
}

// Where a running job stands: the goals' bounds (MLR) or the estimate (PLR), and
// the search time against its limit.
std::string progress_summary(const Json::Value& progress) {
  std::string text = progress.isMember("estimate") ? plr_estimate_text(progress["estimate"])
                     : progress["goals"].empty()   ? std::string("no trial yet")
                                                   : goal_bounds(progress["goals"]);
  const Json::Value& last = progress["last_trial"];
  if (last.isObject()) {
    const Json::Value& duration = last["effective_duration"].isNumeric()
                                      ? last["effective_duration"]
                                      : last["intended_duration"];
    text += "; search time " + fixed(last["started_at"].asDouble() + duration.asDouble(), 1);
    if (progress.isMember("search_time_limit")) {
      text += " of " + fixed(progress["search_time_limit"].asDouble(), 0);
    }
    text += " s";
  }
  return text;
}

}  // namespace

std::string format_load(const Json::Value& load) {
  return load.isNumeric() ? fixed(load.asDouble(), 1) : "-";
}

std::string format_job(const Json::Value& show) {
  std::ostringstream text;
  const Json::Value& job = show["job"];
  text << "job " << job["id"].asInt64()
       << (job["name"].asString().empty() ? "" : " (" + job["name"].asString() + ")") << ": "
       << job["state"].asString();
  if (show["queue_position"].isNumeric())
    text << ", queue position " << show["queue_position"].asUInt64();
  text << "\n";
  if (!job["reason"].asString().empty()) text << "reason: " << job["reason"].asString() << "\n";
  text << "method " << job["method"].asString() << ", measurer " << job["measurer"].asString()
       << ", " << job["trial_count"].asUInt64() << " trials, run " << job["run_count"].asInt()
       << " time(s)\n";
  text << "created " << job["created_at"].asString();
  if (job["started_at"].isString()) text << ", started " << job["started_at"].asString();
  if (job["finished_at"].isString()) text << ", finished " << job["finished_at"].asString();
  text << "\n";
  if (show["progress"].isObject()) {
    text << "progress: " << progress_summary(show["progress"]) << "\n";
  } else if (show.isMember("estimate")) {
    text << "from the stored trials: " << plr_estimate_text(show["estimate"]) << "\n";
  } else if (show["bounds"].isArray()) {
    text << "bounds from the stored trials:\n";
    for (const auto& goal : show["bounds"]) {
      text << "  " << pad(goal["label"].asString(), 10) << pad(format_load(goal["lower_bound"]), 14)
           << pad(format_load(goal["upper_bound"]), 14) << goal_verdict(goal) << "\n";
    }
    for (const auto& goal : show["bounds"]) {
      const Json::Value& limit = goal["tester_limited"];
      if (!limit.isObject()) continue;
      const Json::Value& upper = goal["upper_bound"];
      text << "  "
           << tester_limited_sentence(
                  goal["label"].asString(),
                  upper.isNumeric() ? std::optional(upper.asDouble()) : std::nullopt,
                  limit["trials"].asUInt64(), limit["reached_pps"].asDouble())
           << "\n";
    }
  }
  // MRR and soaks: the receive rate so far (the result's numbers, from the stored trials).
  if (show["fixed_load"].isObject()) {
    text << format_fixed_load_summary(show["fixed_load"], show["line_rate"]);
  }
  // PLR jobs: the tester-limited trials against the latest estimate.
  if (show.isMember("tester_limit")) text << format_plr_tester_limit(show);
  if (show["trials"].isArray()) {
    // Each trial with what it said: markers on its line, its notes under it.
    text << "trials:\n";
    for (const auto& trial : show["trials"]) {
      text << format_trial_line(trial) << "\n";
      for (const std::string& line : trial_detail_lines(trial)) text << line << "\n";
    }
  }
  return text.str();
}

// A status wider than a terminal would wrap, and redrawing it in place from its
// last line would leave the wrapped part behind (garbled output at 80 columns):
// it is cut at its "; " separators into lines of at most kWatchColumns.
std::string wrap_status(const std::string& status) {
  if (status.size() <= kWatchColumns) return status;
  std::vector<std::string> parts;
  std::size_t start = 2;  // after the indent
  while (start < status.size()) {
    const std::size_t end = status.find("; ", start);
    parts.push_back(
        status.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) break;
    start = end + 2;
  }
  std::string wrapped;
  std::string line = "  ";
  for (const std::string& part : parts) {
    if (line.size() > 2 && line.size() + 2 + part.size() > kWatchColumns) {
      wrapped += line + "\n";
      line = "  ";
    }
    line += (line.size() > 2 ? "; " : "") + part;
  }
  return wrapped + line;
}

WatchText format_watch_event(const Json::Value& event) {
  const std::string name = event["event"].asString();
  const Json::Value& arguments = event["arguments"];
  WatchText text;
  if (arguments["skipped_trial_events"].isUInt64() &&
      arguments["skipped_trial_events"].asUInt64() > 0) {
    // The daemon skips progress events for a watcher that falls behind; the store
    // has every trial (trex-search show JOB).
    text.lines.push_back("(" + arguments["skipped_trial_events"].asString() +
                         " trial lines skipped: this watcher fell behind the job; trex-search "
                         "show lists every trial)");
  }
  if (name == "trial") {
    const Json::Value trial = trial_from_event(arguments);
    text.lines.push_back(format_trial_line(trial));
    for (const std::string& line : trial_detail_lines(trial)) text.lines.push_back(line);
    // MLR: the goals' bounds; PLR: the critical-load estimate and its spread.
    // MRR and soaks have neither: the trial count says how far they are.
    const std::string where =
        arguments.isMember("estimate") ? plr_estimate_text(arguments["estimate"])
        : arguments["goals"].empty()   ? "trial " + arguments["trial_count"].asString()
                                       : goal_bounds(arguments["goals"]);
    text.status = "  " + where + "; search time " + fixed(arguments["search_time"].asDouble(), 1);
    if (arguments.isMember("search_time_limit")) {
      text.status += " of " + fixed(arguments["search_time_limit"].asDouble(), 0);
    }
    // Escaped before it is measured: an escape is wider than the byte it replaces.
    text.status = wrap_status(terminal_safe(text.status + " s"));
  } else if (name == "job.started") {
    text.lines.push_back("job " + arguments["job"].asString() + " started");
  } else if (name == "job.ended") {
    std::string line = "job " + arguments["job"].asString() + " " + arguments["state"].asString();
    if (!arguments["reason"].asString().empty()) line += ": " + arguments["reason"].asString();
    text.lines.push_back(line);
  } else {
    text.lines.push_back(name);
  }
  // Labels, reasons and notes come from the daemon and its measurers.
  for (std::string& line : text.lines) line = terminal_safe(line);
  text.status = terminal_safe_lines(text.status);
  return text;
}

std::string format_progress_summary(const protocol::Document& progress) {
  return progress_summary(protocol::json_of(progress));
}

std::uint64_t progress_trial_count(const protocol::Document& progress) {
  return protocol::json_of(progress)["trial_count"].asUInt64();
}

}  // namespace trexsearch::cli
