#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "daemon/protocol/replies/replies.hpp"

namespace trexsearch::cli {

// Which stored jobs `trex-search export` writes (docs/export.md "Filters"). The
// daemon's `list` filters by one state only, so everything here is applied on the
// client to `list`'s jobs. No I/O: tested on data.

/// Milliseconds since the Unix epoch, UTC.
using UnixMillis = std::int64_t;

/// "2026-11-25", "2026-11-25T10:00", "2026-11-25T10:00:00", "...:00.250", each
/// optionally ending in "Z" (also ' ' for 'T'): UTC only. `option` names the
/// option in the error (UsageError: the option, the value and what is wrong).
UnixMillis parse_utc_time(const std::string& text, const std::string& option);

/// A `list` job's created_at; throws std::runtime_error when it is not the
/// daemon's ISO 8601 UTC form.
UnixMillis created_at_of(const protocol::JobSummary& job);

/// What `--name`, `--method`, `--state`, `--since`, `--until` asked for.
struct ExportFilter {
  std::optional<std::string> name_pattern;  ///< exact name or fnmatch(3) glob
  std::optional<std::string> method;        ///< "mlr", "plr", "mrr" or "soak"
  std::vector<std::string> states;          ///< job states to keep (never empty)
  std::optional<UnixMillis> since;          ///< created_at >= since
  std::optional<UnixMillis> until;          ///< created_at < until

  /// Whether a `list` job passes; throws std::runtime_error when its created_at is
  /// not the daemon's ISO 8601 form.
  bool matches(const protocol::JobSummary& job) const;
};

/// Validates the option values (UsageError naming the option and value).
/// `state`: a job state, "ended" (finished, failed, cancelled) or "all".
ExportFilter make_export_filter(const std::optional<std::string>& name,
                                const std::optional<std::string>& method, const std::string& state,
                                const std::optional<std::string>& since,
                                const std::optional<std::string>& until);

}  // namespace trexsearch::cli
