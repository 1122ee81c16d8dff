// `trex-search watch JOB`: one progress line per trial until the job ends.
#include "daemon/cli/client/watch_job.hpp"

#include <unistd.h>

#include <algorithm>
#include <iostream>

#include "daemon/cli/client/watch_line_codec.hpp"
#include "daemon/cli/command/client_connection.hpp"
#include "daemon/cli/command/command_entries.hpp"
#include "daemon/cli/command/exit_codes.hpp"
#include "daemon/cli/command/safe_output.hpp"
#include "daemon/cli/replies/client_format.hpp"
#include "daemon/cli/replies/result_format.hpp"
#include "daemon/protocol/events/event_codec.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"
#include "daemon/protocol/replies/reply_codec.hpp"

namespace trexsearch::cli {
namespace {

struct WatchOutcome {
  int exit_code = 0;
  std::string notice;  ///< why not 0, for people; empty when there is nothing to say
};

/// 3 when the job ended other than finished or its search stopped early (fail_fast,
/// the search time limit); for a finished job, 5 when its result is not a clean one
/// (a bound or the estimate is the tester's), which a watcher would otherwise only
/// learn from `result`.
WatchOutcome outcome_of(ControlConnection& connection, long long job, const std::string& state) {
  if (state != "finished") return {static_cast<int>(kExitStoppedEarly), "the job is " + state};
  const auto reply = connection.try_send(protocol::ResultRequest{job});
  if (reply.result != protocol::ResultCode::success) return {static_cast<int>(kExitOk), ""};
  const auto decoded = protocol::decode_reply<protocol::ResultReply>(reply.arguments);
  const protocol::ResultDocument& result = decoded.result;
  if (result_stopped_early(result)) {
    return {static_cast<int>(kExitStoppedEarly), stopped_early_notice(result)};
  }
  if (!result_not_clean(result)) return {static_cast<int>(kExitOk), ""};
  return {static_cast<int>(kExitNotClean), not_clean_notice(result, decoded.job.load_unit)};
}

/// The end: in text a line saying why the exit code is not 0 (when the job
/// finished: a failed job's state was the last event), in JSON the `watch.ended`
/// line with the exit code and that reason.
int finish(ControlConnection& connection, long long job, const std::string& state, bool json,
           std::ostream& out) {
  const WatchOutcome outcome = outcome_of(connection, job, state);
  if (json) {
    out << encode_watch_line("watch.ended", job,
                             watch_ended_arguments(outcome.exit_code, outcome.notice))
        << std::endl;
  } else if (state == "finished" && !outcome.notice.empty()) {
    out << "job " << job << ": " << outcome.notice << "; see trex-search result " << job
        << std::endl;
  }
  return outcome.exit_code;
}

/// watch's text for people: trial lines and their notes stay; on a terminal (`live`)
/// only the status under them (bounds or estimate, search time) is redrawn in place,
/// in a pipe or a log every status gets its own line.
class StatusScreen {
 public:
  StatusScreen(std::ostream& out, bool live) : out_(out), live_(live) {}

  void print(const WatchText& text) {
    if (redraw_pending_) {
      // The one control sequence the CLI writes (past the escaping filter).
      if (text.status.empty()) {
        out_ << "\n";
      } else if (status_lines_ <= 1) {
        write_terminal_control(out_, "\r\033[K");
      } else {
        // Up to the status's first line, then clear to the end of the screen.
        write_terminal_control(out_, "\033[" + std::to_string(status_lines_ - 1) + "A\r\033[J");
      }
    }
    redraw_pending_ = false;
    for (const std::string& line : text.lines) out_ << line << "\n";
    if (!text.status.empty()) {
      out_ << text.status;
      status_lines_ =
          1 + static_cast<std::size_t>(std::count(text.status.begin(), text.status.end(), '\n'));
      redraw_pending_ = live_;
      if (!live_) out_ << "\n";
    }
    out_ << std::flush;
  }

  /// Ends the status's line when it is still waiting to be redrawn.
  void close() {
    if (redraw_pending_) out_ << "\n";
    redraw_pending_ = false;
  }

 private:
  std::ostream& out_;
  bool live_;
  bool redraw_pending_ = false;
  /// Lines of the status on screen, to go back over when it is redrawn.
  std::size_t status_lines_ = 0;
};

/// The trials stored before the watch began, as the watch prints trials (in JSON as
/// `trial` lines marked `replayed`); the highest trial number printed.
std::uint64_t replay_trials(const std::vector<protocol::TrialRecord>& trials, long long job,
                            bool json, const protocol::WatchReply& start, std::ostream& out) {
  std::uint64_t up_to = 0;
  for (const protocol::TrialRecord& trial : trials) {
    protocol::TrialEvent event;
    event.job = job;
    event.trial_count = trial.number;
    event.trial = trial;
    if (json) {
      out << encode_watch_line(std::string(protocol::TrialEvent::kEvent), job,
                               replayed_trial_arguments(event))
          << "\n";
    } else {
      for (const std::string& line : format_watch_event(event, start.job.load_unit).lines) {
        out << line << "\n";
      }
    }
    up_to = std::max(up_to, trial.number);
  }
  out << std::flush;
  return up_to;
}

/// A trial event for a trial replay_trials printed already. Trial events come in trial
/// order, so the first newer one clears `replayed_up_to`: no later event is decoded twice.
bool already_replayed(const protocol::Event& event, std::uint64_t& replayed_up_to) {
  if (replayed_up_to == 0 || event.event != protocol::TrialEvent::kEvent) return false;
  const auto trial = protocol::decode_event_arguments<protocol::TrialEvent>(event.arguments);
  if (!trial.trial) return false;
  if (trial.trial->number <= replayed_up_to) return true;
  replayed_up_to = 0;
  return false;
}

}  // namespace

StoredTrials stored_trials_of(const std::string& socket_path, std::chrono::milliseconds timeout,
                              long long job) {
  return [socket_path, timeout, job] {
    ControlConnection other(socket_path, timeout);
    const protocol::Response shown = other.send(protocol::ShowRequest{job, true, false});
    return protocol::decode_reply<protocol::ShowReply>(shown.arguments)
        .trials.value_or(std::vector<protocol::TrialRecord>{});
  };
}

int watch_job(ControlConnection& connection, long long job, bool json, std::ostream& out,
              const StoredTrials& stored_before) {
  const auto reply = connection.send(protocol::WatchRequest{job});
  const auto start = protocol::decode_reply<protocol::WatchReply>(reply.arguments);
  // On a terminal the status line (bounds, search time) is redrawn in place under
  // the trial lines; in a pipe or a log every status gets its own line too.
  const bool live = !json && &out == &std::cout && ::isatty(STDOUT_FILENO) == 1;
  if (json) {
    out << encode_watch_line("watch.started", job, reply.arguments) << std::endl;
  } else {
    out << reply.text << std::endl;
  }
  // Read after the watch began: every trial stored before it is here, every later
  // one comes as an event; one stored in between comes both ways and is skipped
  // below by its number.
  std::uint64_t replayed_up_to = 0;
  if (stored_before) replayed_up_to = replay_trials(stored_before(), job, json, start, out);
  if (start.ended) {
    if (stored_before && !json) {
      // What the job.ended event would have said, had the watch begun in time.
      const protocol::JobEndedEvent ended{job, start.job.state, start.job.reason, 0};
      for (const std::string& line : format_watch_event(ended).lines) out << line << "\n";
    }
    return finish(connection, job, std::string(protocol::to_string(start.job.state)), json, out);
  }
  StatusScreen screen(out, live);
  while (const auto event = connection.next_event()) {
    if (already_replayed(*event, replayed_up_to)) continue;
    if (json) {
      out << encode_watch_line(event->event, job, event->arguments) << std::endl;
    } else {
      screen.print(format_watch_event(protocol::decode_watch_event(event->event, event->arguments),
                                      start.job.load_unit));
    }
    if (event->event == protocol::JobEndedEvent::kEvent) {
      const auto ended =
          protocol::decode_event_arguments<protocol::JobEndedEvent>(event->arguments);
      return finish(connection, job, std::string(protocol::to_string(ended.state)), json, out);
    }
  }
  screen.close();
  throw std::runtime_error("trex-searchd closed the connection before job " + std::to_string(job) +
                           " ended");
}

namespace {

int watch_body(const ClientCall& call) {
  ControlConnection connection(call.settings.socket, call.settings.timeout);
  return watch_job(connection, job_argument(call.options), call.settings.json, call.out);
}

}  // namespace

constinit const CommandEntry kWatchCommand{
    .name = "watch",
    .summary = "follow a job's progress until it ends",
    .usage = "trex-search watch JOB [--json]",
    .description =
        "Follows a job until it ends: one line per trial (number, phase, load,\n"
        "loss and a marker per kind of note, e.g. TESTER-LIMITED 1.23 Mpps or\n"
        "repeated), its notes and per-direction loss under it, then each goal's\n"
        "current bounds (or the PLR estimate) and the search time, redrawn in\n"
        "place on a terminal. --json: JSON lines of one shape, {\"type\", \"job\",\n"
        "\"arguments\"}: watch.started, then the daemon's events as they come\n"
        "(trial, job.started, job.ended, ...), last watch.ended {exit_code, reason}.\n"
        "Exits 0 when the job finished, 3 when it failed, was cancelled or was\n"
        "interrupted, 5 when it finished but a bound (or the PLR estimate) is the\n"
        "tester's, not the SUT's.",
    .options = no_options,
    .client = {.operand_count = 1, .body = watch_body},
};

}  // namespace trexsearch::cli
