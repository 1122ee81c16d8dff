#pragma once

#include <cstdint>
#include <string>

#include "daemon/model/job_progress.hpp"
#include "daemon/protocol/request_id.hpp"

namespace trexsearch::service {

/// A `watch` event (`job.started`, `trial`, `job.ended`) as one line for the
/// watch request `id` (docs/socket-api.md "watch"); `skipped_trial_events`, when
/// not 0, says how many trial events before it a slow reader did not get. A
/// trial event needs the event's progress.
std::string encode_watch_event(const protocol::RequestId& id, const JobEvent& event,
                               std::uint64_t skipped_trial_events);

}  // namespace trexsearch::service
