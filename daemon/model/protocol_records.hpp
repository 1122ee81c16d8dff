#pragma once

#include <vector>

#include "daemon/model/fixed_load_result.hpp"
#include "daemon/model/hook_run.hpp"
#include "daemon/model/job_progress.hpp"
#include "daemon/model/job_record.hpp"
#include "daemon/protocol/events/events.hpp"
#include "daemon/protocol/replies/hook_run_record.hpp"
#include "daemon/protocol/replies/job_progress.hpp"
#include "daemon/protocol/replies/job_replies.hpp"
#include "daemon/protocol/replies/result_document.hpp"
#include "daemon/protocol/replies/trial_record.hpp"
#include "search/goal_result.hpp"
#include "trex_client/profile/line_rate.hpp"

namespace trexsearch::service {

// The daemon's records as the protocol's structs (daemon/protocol), which the
// protocol's codecs then write: one encoder for each shape, shared with clients.

/// A stored trial as `show` lists it (with the ratio its counts give, and for
/// PLR jobs the estimate computed while it ran).
protocol::TrialRecord trial_record_of(const StoredTrial& stored);
/// A hook run as `show --hooks` reports it.
protocol::HookRunRecord hook_run_record_of(const HookRun& run);
/// The `trial` watch event of `job` after the progress's last trial.
protocol::TrialEvent trial_event_of(JobId job, const JobProgress& progress);
/// Each goal's bounds from the stored trials (`show`).
std::vector<protocol::GoalBounds> goal_bounds_of(const std::vector<mlr::GoalResult>& goals);
/// The port's line rate for the job's frames, as replies state it.
protocol::LineRateFacts line_rate_facts_of(const trex::LineRate& line_rate);
/// An MRR or soak result as the protocol's view, which then writes the stored document
/// and show's `fixed_load` (protocol::encode_fixed_load_document / _summary).
protocol::FixedLoadView fixed_load_view_of(const FixedLoadResult& result);

}  // namespace trexsearch::service
