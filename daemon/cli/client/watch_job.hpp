#pragma once

#include <iosfwd>
#include <string>

namespace trexsearch::cli {

class ControlConnection;

/// Watches `job` on an open connection until it ends, printing one line per event
/// (raw JSON lines with `json`); returns 0 when the job finished, 3 otherwise.
int watch_job(ControlConnection& connection, long long job, bool json, std::ostream& out);

}  // namespace trexsearch::cli
