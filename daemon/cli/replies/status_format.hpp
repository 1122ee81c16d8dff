#pragma once

#include <optional>
#include <string>

#include "daemon/protocol/replies/status_reply.hpp"

namespace trexsearch::cli {

/// `status` for people: daemon, TRex, running job with its bounds, queue, store,
/// clients.
std::string format_status(const protocol::StatusReply& status);

/// `status --testbed NAME`: the reply with only that testbed's line and the jobs
/// running on it; nullopt when the daemon has no such testbed.
std::optional<protocol::StatusReply> status_of_testbed(const protocol::StatusReply& status,
                                                       const std::string& testbed);

}  // namespace trexsearch::cli
