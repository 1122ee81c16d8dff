#pragma once

#include <json/value.h>

#include <cstdint>
#include <string>
#include <vector>

#include "daemon/protocol/document.hpp"

namespace trexsearch::cli {

/// Human-readable forms of trex-searchd's replies (docs/socket-api.md shapes).
/// Loads in frames/s with one decimal; absent values as "-".

/// `show`: the job, its progress or bounds, and (when present) its trials.
std::string format_job(const Json::Value& show);
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
WatchText format_watch_event(const Json::Value& event);

/// Where a running job stands (`status`): the goals' bounds (MLR) or the estimate
/// (PLR), and the search time against its limit.
std::string format_progress_summary(const protocol::Document& progress);
/// How many trials the progress counts.
std::uint64_t progress_trial_count(const protocol::Document& progress);

/// The JSON value as "1234567.8" (or "-" when null).
std::string format_load(const Json::Value& load);

}  // namespace trexsearch::cli
