#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace trexsearch::protocol {

/// A job's identity: positive, assigned by the store, never reused.
using JobId = std::int64_t;

/// Where a job is in its life. `interrupted` jobs (daemon stopped or died while
/// they ran) are resumed on the next start; the last three are final.
enum class JobState { queued, running, interrupted, finished, failed, cancelled };

/// Stable snake_case name, used in the store and in replies.
std::string_view to_string(JobState state);
/// Parses one of the names above.
std::optional<JobState> job_state_from_string(std::string_view name);

/// finished, failed or cancelled: nothing will happen to the job any more.
bool is_final(JobState state);

}  // namespace trexsearch::protocol
