#pragma once

#include <cstdint>
#include <string>

#include "daemon/protocol/document.hpp"
#include "daemon/protocol/events/events.hpp"

namespace trexsearch::cli {

// The lines of `watch --json` and `submit --watch --json` (docs/cli.md): every
// line has one shape, `{"type", "job", "arguments"}`, so a script reads one kind
// of object whatever comes.

/// One line (without its newline): `type` is "job.submitted", "watch.started",
/// an event's name or "watch.ended"; `arguments` as the daemon sent them.
std::string encode_watch_line(const std::string& type, std::int64_t job,
                              const protocol::Document& arguments);

/// A `trial` line's arguments for a trial the job had stored before the watch began
/// (`submit --watch`): the event's keys for its trial, `"replayed": true`, and no
/// search time or bounds, which only a live event knows.
protocol::Document replayed_trial_arguments(const protocol::TrialEvent& event);

/// The last line's arguments: `{"exit_code", "reason"}`.
protocol::Document watch_ended_arguments(int exit_code, const std::string& reason);

}  // namespace trexsearch::cli
