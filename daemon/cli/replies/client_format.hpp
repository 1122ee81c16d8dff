#pragma once

#include <optional>
#include <string>
#include <vector>

#include "daemon/cli/text/number_text.hpp"
#include "daemon/protocol/events/events.hpp"
#include "daemon/protocol/replies/job_replies.hpp"

namespace trexsearch::cli {

/// Human-readable forms of trex-searchd's replies (docs/socket-api.md shapes).
/// Loads in frames/s with one decimal; absent values as "-".

/// `show`: the job, its progress or bounds, and (when present) its trials.
std::string format_job(const protocol::ShowReply& show);
/// The width `watch` keeps to: a terminal's default.
inline constexpr std::size_t kWatchColumns = 80;

/// One `watch` event for people, every piece terminal-safe.
struct WatchText {
  /// Lines to keep: for a trial its line (at most 80 columns: number, phase, load,
  /// loss, a marker per kind of note) and the lines under it (per-direction loss,
  /// notes); for job.started / job.ended one line.
  std::vector<std::string> lines;
  /// For a trial, where the search stands: each goal's bounds (MLR) or the estimate
  /// (PLR) and the search time, indented by 2; `watch` redraws it in place on a
  /// terminal. Wider than kWatchColumns it is cut into lines ("\n") at its "; "
  /// separators, so that no line wraps.
  std::string status;
};
WatchText format_watch_event(const protocol::WatchEvent& event,
                             std::string_view unit = kFramesPerSecond);

/// A load as "1234567.8" (or "-" when there is none).
std::string format_load(const std::optional<double>& load_pps);

}  // namespace trexsearch::cli
