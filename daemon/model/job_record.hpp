#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>

#include "daemon/protocol/job_state.hpp"
#include "measure/replay_measurer.hpp"
#include "plr/plr_trial.hpp"
#include "search/search_result.hpp"

namespace trexsearch::service {

// A job's id and states are the protocol's (daemon/protocol/job_state.hpp).
using protocol::is_final;
using protocol::job_state_from_string;
using protocol::JobId;
using protocol::JobState;
using protocol::to_string;

/// Wall-clock time, for job records (the searches themselves use their own Clock).
using WallTime = std::chrono::system_clock::time_point;

/// Seconds since the Unix epoch, as stored and as shown in replies.
double to_unix_seconds(WallTime time);
WallTime from_unix_seconds(double seconds);
/// "2026-11-22T04:51:58.123Z".
std::string format_utc(WallTime time);

/// A job as the store keeps it (everything but its trials and result).
struct JobRecord {
  JobId id = 0;
  std::string name;
  /// "mlr", "plr", "mrr" or "soak".
  std::string method;
  /// "sim", "exec", "trex".
  std::string measurer_kind;
  /// The canonical spec (encode_job_spec), exactly what a resumed run decodes.
  std::string spec_json;
  std::string profile;
  JobState state = JobState::queued;
  /// Why the job failed, was cancelled or was interrupted; the stop detail otherwise.
  std::string reason;
  WallTime created_at{};
  std::optional<WallTime> started_at;
  std::optional<WallTime> finished_at;
  /// How many times the job was started (2 or more: it was resumed).
  int run_count = 0;
  /// "uid 1000 gid 1000 pid 4242".
  std::string submitted_by;
  std::string daemon_version;
  /// The TRex server version the job ran against (absent for other measurers).
  std::optional<std::string> trex_version;
  /// The daemon settings the job was submitted under (JSON).
  std::string config_json;
  /// Trials stored so far.
  std::size_t trial_count = 0;
  /// The testbed a trex job was placed on (docs/testbeds.md); absent otherwise.
  std::optional<std::string> testbed;
  /// "pps", or "cps" for an ASTF job (docs/astf.md).
  std::string load_unit = "pps";
};

/// One completed trial as stored: what was asked, the measurer's full answer, and
/// where it stood in the search. Enough to replay it (ReplayMeasurer) and to
/// re-analyse it.
struct StoredTrial {
  /// 1-based, in measurement order, warmup included (the controller's numbering).
  std::size_t number = 0;
  mlr::TrialPhase phase = mlr::TrialPhase::main;
  /// Search clock at the request, relative to the search start.
  measure::Seconds started_at{0.0};
  measure::RecordedTrial trial;
  /// Derived from the outcome (TrialResult), kept for queries.
  double loss_ratio = 0.0;
  WallTime recorded_at{};
  /// PLR jobs: the whole soak-search trial (its estimate and computation state), so a
  /// resumed run continues from it. Absent for MLR trials.
  std::optional<plr::PlrTrial> plr;
};

}  // namespace trexsearch::service
