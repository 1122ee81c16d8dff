#include "daemon/cli/client_format.hpp"

#include <cstdio>
#include <optional>
#include <sstream>

#include "daemon/cli/fixed_load_text.hpp"
#include "daemon/cli/job_progress_text.hpp"
#include "daemon/cli/number_text.hpp"
#include "daemon/cli/result_format.hpp"
#include "daemon/cli/terminal_text.hpp"
#include "daemon/cli/tester_limit_text.hpp"
#include "daemon/cli/trial_text.hpp"

namespace trexsearch::cli {
namespace {

std::optional<double> load_of(const Json::Value& load) {
  return load.isNumeric() ? std::optional(load.asDouble()) : std::nullopt;
}

std::string goal_bounds(const Json::Value& goals) {
  std::string text;
  for (const auto& goal : goals) {
    if (!text.empty()) text += "; ";
    text += goal["label"].asString() + " [" + format_load(load_of(goal["lower_bound"])) + ", " +
            format_load(load_of(goal["upper_bound"])) + "]";
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

// `show`'s bounds of a job not running: a row per goal, then a sentence per goal
// whose upper bound the tester set.
std::string stored_bounds_text(const std::vector<protocol::GoalBounds>& bounds) {
  std::ostringstream text;
  text << "bounds from the stored trials:\n";
  for (const protocol::GoalBounds& goal : bounds) {
    text << "  " << pad(goal.label, 10) << pad(format_load(goal.lower_bound_pps), 14)
         << pad(format_load(goal.upper_bound_pps), 14)
         << goal_verdict(goal.tester_limited, goal.regular, goal.irregular_reason) << "\n";
  }
  for (const protocol::GoalBounds& goal : bounds) {
    if (!goal.tester_limited) continue;
    text << "  "
         << tester_limited_sentence(goal.label, goal.upper_bound_pps, goal.tester_limited->trials,
                                    goal.tester_limited->reached_pps)
         << "\n";
  }
  return text.str();
}

}  // namespace

std::string format_load(const std::optional<double>& load_pps) {
  return load_pps ? fixed(*load_pps, 1) : "-";
}

// "connected to tcp://...:4501 (v3.04) since ...", "failed at ... : reason".
std::string trex_line(const Json::Value& trex) {
  const std::string state = trex["state"].asString();
  if (state == "not_configured") return "not configured";
  std::ostringstream line;
  line << state;
  if (state == "connected" || state == "connecting" || state == "reconnecting") {
    line << " to " << trex["endpoint"].asString();
    if (trex.isMember("trex_version")) line << " (TRex " << trex["trex_version"].asString() << ")";
    line << " since " << trex["since"].asString();
  } else {
    line << " (endpoint " << trex["endpoint"].asString() << "; connects when a trex job runs)";
    if (trex.isMember("last_contact")) {
      line << ", last contact " << trex["last_contact"].asString();
    }
  }
  if (trex.isMember("last_error")) line << "\n  last error: " << trex["last_error"].asString();
  if (trex["recoveries"].asUInt64() > 0) {
    line << "\n  reconnections after TRex restarts or lost connections: "
         << trex["recoveries"].asUInt64();
  }
  return line.str();
}

std::string format_status(const Json::Value& status) {
  std::ostringstream text;
  const Json::Value& daemon = status["daemon"];
  text << "trex-searchd " << daemon["version"].asString() << ", pid " << daemon["pid"].asInt64()
       << ", up " << fixed(daemon["uptime"].asDouble(), 0) << " s\n";
  text << "TRex: " << trex_line(status["trex"]) << "\n";
  const Json::Value& queue = status["queue"];
  const Json::Value& running = queue["running"];
  if (running.isObject()) {
    const Json::Value& progress = running["progress"];
    text << "running: job " << running["id"].asInt64() << " (" << running["method"].asString()
         << ", " << running["measurer"].asString() << ")"
         << (running["name"].asString().empty() ? "" : " " + running["name"].asString())
         << ", trial " << progress["trial_count"].asUInt64()
         << (running["cancel_requested"].asBool() ? ", cancelling" : "") << "\n";
    text << "  " << progress_summary(progress) << "\n";
  } else {
    text << "running: nothing\n";
  }
  text << "queued: " << queue["queued_count"].asUInt64();
  if (!queue["queued"].empty()) {
    text << " (jobs";
    for (const auto& id : queue["queued"]) text << " " << id.asInt64();
    text << ")";
  }
  text << "\n";
  if (status.isMember("store")) {
    const Json::Value& store = status["store"];
    text << "store: " << store["file"].asString() << ", "
         << fixed(store["bytes"].asDouble() / 1048576.0, 1) << " MiB";
    if (store["max_bytes"].asUInt64() > 0) {
      text << " of " << fixed(store["max_bytes"].asDouble() / 1048576.0, 0) << " MiB";
    }
    if (!store["writable"].asBool()) {
      text << "\n  CANNOT BE WRITTEN since " << store["last_error_at"].asString() << ": "
           << store["last_error"].asString();
    }
    if (store["reserve_bytes"].asUInt64() > 0 && !store["reserve_held"].asBool()) {
      text << "\n  its " << fixed(store["reserve_bytes"].asDouble() / 1048576.0, 0)
           << " MiB reserve is not in place (file system full?): free space, or delete "
              "old jobs";
    }
    text << "\n";
  }
  if (status.isMember("clients")) {
    text << "clients: " << status["clients"]["connected"].asUInt64() << " of "
         << status["clients"]["max"].asUInt64() << "\n";
  }
  return text.str();
}

std::string format_job_list(const Json::Value& jobs) {
  std::ostringstream text;
  text << pad("ID", 7) << pad("STATE", 12) << pad("METHOD", 7) << pad("MEASURER", 9)
       << pad("TRIALS", 7) << pad("CREATED", 25) << "NAME\n";
  for (const auto& job : jobs) {
    text << pad(job["id"].asString(), 7) << pad(job["state"].asString(), 12)
         << pad(job["method"].asString(), 7) << pad(job["measurer"].asString(), 9)
         << pad(job["trial_count"].asString(), 7) << pad(job["created_at"].asString(), 25)
         << job["name"].asString() << "\n";
  }
  return text.str();
}

std::string format_job(const protocol::ShowReply& show) {
  std::ostringstream text;
  const protocol::JobSummary& job = show.job;
  text << "job " << job.id << (job.name.empty() ? "" : " (" + job.name + ")") << ": "
       << protocol::to_string(job.state);
  if (show.queue_position) text << ", queue position " << *show.queue_position;
  text << "\n";
  if (!job.reason.empty()) text << "reason: " << job.reason << "\n";
  text << "method " << job.method << ", measurer " << job.measurer << ", " << job.trial_count
       << " trials, run " << job.run_count << " time(s)\n";
  text << "created " << job.created_at;
  if (job.started_at) text << ", started " << *job.started_at;
  if (job.finished_at) text << ", finished " << *job.finished_at;
  text << "\n";
  if (show.progress) {
    text << "progress: " << progress_summary(*show.progress) << "\n";
  } else if (show.estimate) {
    text << "from the stored trials: " << plr_estimate_text(*show.estimate) << "\n";
  } else if (show.bounds) {
    text << stored_bounds_text(*show.bounds);
  }
  // MRR and soaks: the receive rate so far (the result's numbers, from the stored trials).
  if (show.fixed_load) {
    text << format_fixed_load_summary(std::get<protocol::FixedLoadView>(show.fixed_load->view),
                                      show.line_rate ? *show.line_rate : std::nullopt);
  }
  // PLR jobs: the tester-limited trials against the latest estimate.
  if (show.tester_limit) text << format_plr_tester_limit(show.tester_limit, show.tester_limited);
  if (show.trials) {
    // Each trial with what it said: markers on its line, its notes under it.
    text << "trials:\n";
    for (const protocol::TrialRecord& trial : *show.trials) {
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

namespace {

// The lines of each kind of event (format_watch_event adds the skipped ones).
struct WatchEventText {
  WatchText& text;

  void operator()(const protocol::TrialEvent& event) const {
    if (event.trial) {
      text.lines.push_back(format_trial_line(*event.trial));
      for (const std::string& line : trial_detail_lines(*event.trial)) text.lines.push_back(line);
    }
    // MLR: the goals' bounds; PLR: the critical-load estimate and its spread.
    // MRR and soaks have neither: the trial count says how far they are.
    const std::string where = event.estimate        ? cli::plr_estimate_text(event.estimate)
                              : event.goals.empty() ? "trial " + std::to_string(event.trial_count)
                                                    : goal_bounds_text(event.goals);
    text.status = "  " + where + "; search time " + fixed(event.search_time_s, 1);
    if (event.search_time_limit_s) text.status += " of " + fixed(*event.search_time_limit_s, 0);
    // Escaped before it is measured: an escape is wider than the byte it replaces.
    text.status = wrap_status(terminal_safe(text.status + " s"));
  }
  void operator()(const protocol::JobStartedEvent& event) const {
    text.lines.push_back("job " + std::to_string(event.job) + " started");
  }
  void operator()(const protocol::JobEndedEvent& event) const {
    std::string line =
        "job " + std::to_string(event.job) + " " + std::string(protocol::to_string(event.state));
    if (!event.reason.empty()) line += ": " + event.reason;
    text.lines.push_back(line);
  }
  void operator()(const protocol::OtherEvent& event) const { text.lines.push_back(event.name); }
};

}  // namespace

WatchText format_watch_event(const protocol::WatchEvent& event) {
  WatchText text;
  const std::uint64_t skipped =
      std::visit([](const auto& known) { return known.skipped_trial_events; }, event);
  if (skipped > 0) {
    // The daemon skips progress events for a watcher that falls behind; the store
    // has every trial (trex-search show JOB).
    text.lines.push_back("(" + std::to_string(skipped) +
                         " trial lines skipped: this watcher fell behind the job; trex-search "
                         "show lists every trial)");
  }
  std::visit(WatchEventText{text}, event);
  // Labels, reasons and notes come from the daemon and its measurers.
  for (std::string& line : text.lines) line = terminal_safe(line);
  text.status = terminal_safe_lines(text.status);
  return text;
}

}  // namespace trexsearch::cli
