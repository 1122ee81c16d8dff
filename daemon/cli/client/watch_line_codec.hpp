#pragma once

#include <cstdint>
#include <string>

#include "daemon/protocol/document.hpp"

namespace trexsearch::cli {

// The lines of `watch --json` and `submit --watch --json` (docs/cli.md): every
// line has one shape, `{"type", "job", "arguments"}`, so a script reads one kind
// of object whatever comes.

/// One line (without its newline): `type` is "job.submitted", "watch.started",
/// an event's name or "watch.ended"; `arguments` as the daemon sent them.
std::string encode_watch_line(const std::string& type, std::int64_t job,
                              const protocol::Document& arguments);

/// The last line's arguments: `{"exit_code", "reason"}`.
protocol::Document watch_ended_arguments(int exit_code, const std::string& reason);

}  // namespace trexsearch::cli
