#pragma once

#include "daemon/dispatch/replies.hpp"
#include "daemon/protocol/document.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"
#include "daemon/protocol/replies/reply_codec.hpp"
#include "daemon/protocol/replies/status_reply_codec.hpp"
#include "daemon/protocol/replies/suite_replies_codec.hpp"

namespace trexsearch::service {

// Each typed reply of replies.hpp -> the reply's `arguments` (docs/socket-api.md
// "Commands"); the protocol's own replies (also `status`, `show_suite`) have their codec in
// daemon/protocol.

protocol::Document encode_reply(const ShowReply& reply);
protocol::Document encode_reply(const ResultReply& reply);
protocol::Document encode_reply(const WatchReply& reply);

}  // namespace trexsearch::service
