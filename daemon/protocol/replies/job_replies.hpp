#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "daemon/protocol/document.hpp"
#include "daemon/protocol/replies/hook_run_record.hpp"
#include "daemon/protocol/replies/job_progress.hpp"
#include "daemon/protocol/replies/replies.hpp"
#include "daemon/protocol/replies/result_document.hpp"
#include "daemon/protocol/replies/trial_record.hpp"
#include "plr/estimate.hpp"
#include "plr/tester_limit.hpp"
#include "search/goal_result.hpp"

namespace trexsearch::protocol {

// The replies that carry a job's trials, progress and result (docs/socket-api.md
// `show`, `result`, `watch`); job_replies_codec.hpp writes and reads each.

/// One goal's bounds from a job's stored trials (`show` of a job not running).
struct GoalBounds {
  std::string label;
  std::optional<double> lower_bound_pps;
  std::optional<double> upper_bound_pps;
  bool regular = true;
  /// Why not regular; empty when it is.
  std::string irregular_reason;
  /// The tester, not the SUT, may have set the upper bound.
  std::optional<mlr::TesterLimit> tester_limited;
  bool clean = true;
};

/// What `result` adds to loads: the port's line rate for the job's frames.
struct LineRateFacts {
  double port_speed_gbps = 0.0;
  double frame_bytes = 0.0;
  double line_rate_pps = 0.0;
  friend bool operator==(const LineRateFacts&, const LineRateFacts&) = default;
};

/// `show`: the job, its progress or what its stored trials support, its trials.
/// Hook output one `show --hooks` reply carries at most [bytes]: far below the
/// daemon's output limits, so that a long job's runs never make a reply too big to
/// send.
inline constexpr std::size_t kMaxHookOutputBytes = std::size_t{16} << 20;

struct ShowReply {
  JobSummary job;
  /// The job spec as submitted.
  Document spec;
  /// Queued jobs: 1 when it runs next.
  std::optional<std::uint64_t> queue_position;
  /// Running jobs.
  std::optional<JobProgress> progress;
  /// MLR jobs not running: each goal's bounds from the stored trials.
  std::optional<std::vector<GoalBounds>> bounds;
  /// PLR jobs not running, with trials: the last stored estimate (none yet: null).
  std::optional<std::optional<plr::PlrEstimate>> estimate;
  /// PLR jobs with trials: the tester-limited trials against the latest estimate,
  /// and whether they make the estimate the tester's (`tester_limited`).
  std::optional<plr::PlrTesterLimit> tester_limit;
  bool tester_limited = false;
  /// MRR and soak jobs: the result's numbers from the trials so far (written without
  /// its trials and stop fields: encode_fixed_load_summary).
  std::optional<FixedLoadView> fixed_load;
  /// TRex jobs: the line rate (null: the port speed is not known).
  std::optional<std::optional<LineRateFacts>> line_rate;
  /// Absent when the request asked for no trials.
  std::optional<std::vector<TrialRecord>> trials;
  /// Jobs that ran hooks: how many runs, how many failed (docs/testbeds.md "Hooks").
  std::optional<HookRunCounts> hooks;
  /// Every hook run with its output, when the request asked for them.
  std::optional<std::vector<HookRunRecord>> hook_runs;
  /// How many of those runs came without their output: one reply carries at most
  /// kMaxHookOutputBytes of it (the rest stays stored).
  std::uint64_t hook_output_omitted = 0;
};

/// `result`: the job, its result document, and the line rate its loads refer to.
struct ResultReply {
  JobSummary job;
  ResultDocument result;
  /// Null when the port speed is not known (or not a TRex job).
  std::optional<LineRateFacts> line_rate;
};

/// `analyze`: a job's stored trials against the goals (its own or given ones).
struct AnalyzeReply {
  JobId job = 0;
  std::uint64_t trial_count = 0;
  /// In goal order, as `trex-search analyze` gives them.
  std::vector<mlr::GoalResult> goals;
};

/// `watch`: where the stream starts.
struct WatchReply {
  JobSummary job;
  /// Running jobs.
  std::optional<JobProgress> progress;
  /// True: the job had ended already; no events follow.
  bool ended = false;
};

}  // namespace trexsearch::protocol
