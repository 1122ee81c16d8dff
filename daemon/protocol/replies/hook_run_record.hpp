#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace trexsearch::protocol {

/// One run of an operator's hook as `show --hooks` reports it (docs/socket-api.md
/// "show", docs/testbeds.md "Hooks").
struct HookRunRecord {
  std::string hook;
  /// before_search, before_trial, after_trial, after_search.
  std::string point;
  /// The trial it ran around; absent at the search points.
  std::optional<std::uint64_t> trial;
  std::uint64_t attempt = 1;
  /// Unix seconds.
  double started_at = 0.0;
  double duration_s = 0.0;
  /// exited, signalled, timed_out, cancelled, not_started.
  std::string end;
  /// The exit status (exited) or the signal (signalled).
  std::int64_t status = 0;
  bool ok = false;
  /// "exited with status 3 after 0.10 s; output cut at ...".
  std::string text;
  /// stdout and stderr, control characters escaped, up to the hook's cap.
  std::string output;
  std::uint64_t output_dropped_bytes = 0;
  /// fail-trial, fail-job or note when it failed; empty otherwise.
  std::string failure_action;

  friend bool operator==(const HookRunRecord&, const HookRunRecord&) = default;
};

/// How many hook runs a job has, and how many failed (`show`).
struct HookRunCounts {
  std::uint64_t runs = 0;
  std::uint64_t failed = 0;
  friend bool operator==(const HookRunCounts&, const HookRunCounts&) = default;
};

}  // namespace trexsearch::protocol
