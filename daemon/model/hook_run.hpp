#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "daemon/model/job_hooks.hpp"
#include "daemon/model/job_record.hpp"

namespace trexsearch::service {

/// One run of an operator's hook (docs/testbeds.md "Hooks"): what ran, when, how it
/// ended and what it printed, as stored with the job.
struct HookRun {
  /// How the hook's process ended.
  enum class End {
    exited,       ///< it exited by itself; exit_status says how
    signalled,    ///< a signal killed it (not ours)
    timed_out,    ///< it outlived its timeout: killed with its process group
    cancelled,    ///< the job was cancelled (or the daemon stopped): killed
    not_started,  ///< it could not be started; start_error says why
  };

  std::string hook;
  HookPoint point = HookPoint::before_trial;
  /// The trial it ran before or after; absent for before_search and after_search.
  std::optional<std::uint64_t> trial_number;
  /// Which try of that trial (1, then 2 after a fail-trial repeat ...).
  std::uint32_t attempt = 1;
  WallTime started_at{};
  std::chrono::duration<double> duration{0.0};
  End end = End::exited;
  /// For `exited`: the status; for `signalled`: the signal number.
  int status = 0;
  std::string start_error;
  /// stdout and stderr as one stream, up to the hook's output cap.
  std::string output;
  /// Bytes it printed past the cap, dropped.
  std::uint64_t output_dropped_bytes = 0;
  /// What its failure did ("fail-trial", "fail-job", "note"); empty when it did not fail.
  std::string failure_action;

  bool ok() const { return end == End::exited && status == 0; }
  /// "exited with status 0 after 0.03 s", "killed at its 5 s timeout", ...
  std::string describe() const;
  /// "before_trial reset-nat (trial 12): exited with status 3 after 0.10 s".
  std::string summary() const;

  friend bool operator==(const HookRun&, const HookRun&) = default;
};

std::string_view to_string(HookRun::End end);
std::optional<HookRun::End> hook_end_from(std::string_view text);

}  // namespace trexsearch::service
