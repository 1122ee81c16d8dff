#include "daemon/cli/replies/client_format.hpp"

#include <cstdio>
#include <optional>
#include <sstream>

#include "daemon/cli/replies/hook_runs_text.hpp"
#include "daemon/cli/replies/job_progress_text.hpp"
#include "daemon/cli/replies/result_format.hpp"
#include "daemon/cli/text/fixed_load_text.hpp"
#include "daemon/cli/text/number_text.hpp"
#include "daemon/cli/text/terminal_text.hpp"
#include "daemon/cli/text/tester_limit_text.hpp"
#include "daemon/cli/text/trial_text.hpp"

namespace trexsearch::cli {
namespace {

// `show`'s bounds of a job not running: a row per goal, then a sentence per goal
// whose upper bound the tester set.
std::string stored_bounds_text(const std::vector<protocol::GoalBounds>& bounds,
                               std::string_view unit) {
  std::ostringstream text;
  text << "bounds from the stored trials [" << unit << "]:\n";
  for (const protocol::GoalBounds& goal : bounds) {
    text << "  " << pad(goal.label, 10) << pad(format_load(goal.lower_bound_pps), 14)
         << pad(format_load(goal.upper_bound_pps), 14)
         << goal_verdict(goal.tester_limited, goal.regular, goal.irregular_reason, unit) << "\n";
  }
  for (const protocol::GoalBounds& goal : bounds) {
    if (!goal.tester_limited) continue;
    text << "  "
         << tester_limited_sentence(goal.label, goal.upper_bound_pps, goal.tester_limited->trials,
                                    goal.tester_limited->reached_pps, unit)
         << "\n";
  }
  return text.str();
}

}  // namespace

std::string format_load(const std::optional<double>& load_pps) {
  return load_pps ? fixed(*load_pps, 1) : "-";
}

namespace {

// The trials, each with what it said (markers on its line, its notes under it),
// then the job's hook runs.
std::string trials_and_hooks_text(const protocol::ShowReply& show) {
  const std::string& unit = show.job.load_unit;
  std::string text;
  if (show.trials) {
    text += "trials:\n";
    for (const protocol::TrialRecord& trial : *show.trials) {
      text += format_trial_line(trial, unit) + "\n";
      for (const std::string& line : trial_detail_lines(trial)) text += line + "\n";
    }
  }
  if (show.hooks || show.hook_runs) {
    text += format_hook_runs(show.hooks.value_or(protocol::HookRunCounts{}), show.hook_runs,
                             show.hook_output_omitted);
  }
  return text;
}

}  // namespace

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
    text << "progress: " << progress_summary(*show.progress, job.load_unit) << "\n";
  } else if (show.estimate) {
    text << "from the stored trials: " << plr_estimate_text(*show.estimate, job.load_unit) << "\n";
  } else if (show.bounds) {
    text << stored_bounds_text(*show.bounds, job.load_unit);
  }
  // MRR and soaks: the receive rate so far (the result's numbers, from the stored trials).
  if (show.fixed_load) {
    text << format_fixed_load_summary(
        *show.fixed_load, show.line_rate ? *show.line_rate : std::nullopt, job.load_unit);
  }
  // PLR jobs: the tester-limited trials against the latest estimate.
  if (show.tester_limit) {
    text << format_plr_tester_limit(show.tester_limit, show.tester_limited, job.load_unit);
  }
  text << trials_and_hooks_text(show);
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
  std::string_view unit;

  void operator()(const protocol::TrialEvent& event) const {
    if (event.trial) {
      text.lines.push_back(format_trial_line(*event.trial, unit));
      for (const std::string& line : trial_detail_lines(*event.trial)) text.lines.push_back(line);
    }
    // MLR: the goals' bounds; PLR: the critical-load estimate and its spread.
    // MRR and soaks have neither: the trial count says how far they are.
    const std::string where = event.estimate        ? cli::plr_estimate_text(event.estimate, unit)
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

WatchText format_watch_event(const protocol::WatchEvent& event, std::string_view unit) {
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
  std::visit(WatchEventText{text, unit}, event);
  // Labels, reasons and notes come from the daemon and its measurers.
  for (std::string& line : text.lines) line = terminal_safe(line);
  text.status = terminal_safe_lines(text.status);
  return text;
}

}  // namespace trexsearch::cli
