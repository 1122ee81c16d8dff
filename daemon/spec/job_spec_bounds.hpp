#pragma once

#include "daemon/model/job_spec.hpp"
#include "measure/units.hpp"

namespace trexsearch::service {

/// The longest a job may ask any single wait to be. Beyond sense, and a guard:
/// a wait of ~9.2e9 s overflows std::chrono's nanosecond clocks (undefined
/// behaviour), and a long RPC wait cannot be cancelled any faster than it ends.
inline constexpr measure::Seconds kMaxRpcTimeout{60.0};
inline constexpr measure::Seconds kMaxReconnectGrace{86400.0};
inline constexpr measure::Seconds kMaxReplyTimeoutMargin{3600.0};
inline constexpr measure::Seconds kMaxTrialOverhead{3600.0};
/// One trial (MLR initial/final duration, PLR first duration and increment, warm-up).
inline constexpr measure::Seconds kMaxTrialDuration{86400.0};
/// Sums over a search (MLR duration_sum and search_duration_max, PLR time_budget).
inline constexpr measure::Seconds kMaxSearchDuration{31536000.0};

/// Refuses a job whose timeouts or durations are not finite or exceed the maxima
/// above: RequestError(bad_request) naming the JSON path, the value and the limit
/// ("measurer.rpc_timeout = 1e9: must be at most 60 seconds"). Run on every decode,
/// so a stored spec from before the limits fails at resume with the same reason
/// instead of hanging the runner.
void check_job_spec_bounds(const JobSpec& spec);

}  // namespace trexsearch::service
