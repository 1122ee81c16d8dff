#pragma once

#include <json/value.h>

#include <iosfwd>
#include <string>

namespace trexsearch::cli {

class ControlConnection;

/// Watches `job` on an open connection until it ends, printing one line per event
/// (raw JSON lines with `json`); returns 0 when the job finished, 3 otherwise.
int watch_job(ControlConnection& connection, long long job, bool json, std::ostream& out);

/// One line of `watch --json` (and `submit --watch --json`): every line has this
/// shape, `{"type", "job", "arguments"}` (docs/cli.md).
void write_watch_json_line(std::ostream& out, const std::string& type, long long job,
                           const Json::Value& arguments);

}  // namespace trexsearch::cli
