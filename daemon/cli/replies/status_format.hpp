#pragma once

#include <string>

#include "daemon/protocol/replies/status_reply.hpp"

namespace trexsearch::cli {

/// `status` for people: daemon, TRex, running job with its bounds, queue, store,
/// clients.
std::string format_status(const protocol::StatusReply& status);

}  // namespace trexsearch::cli
