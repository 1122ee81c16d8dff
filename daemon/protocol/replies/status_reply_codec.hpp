#pragma once

#include "daemon/protocol/document.hpp"
#include "daemon/protocol/replies/status_reply.hpp"

namespace trexsearch::protocol {

/// StatusReply <-> the `status` reply's arguments: `{"daemon": {"version", "pid",
/// "started_at", "uptime", "socket", "state_dir"}, "trex": {...}, "queue":
/// {"running": {...} | null, "queued", "queued_count", "max_queued"}, "store"?,
/// "clients"?}` (docs/socket-api.md). Decoding is for clients: a missing or
/// mistyped field is a ConfigError naming `arguments.FIELD`; unknown keys are
/// passed over, as in reply_codec.hpp.
Document encode_reply(const StatusReply& reply);
void decode_reply(const Document& arguments, StatusReply& reply);

}  // namespace trexsearch::protocol
