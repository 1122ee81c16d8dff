#pragma once

#include "daemon/protocol/document.hpp"
#include "daemon/protocol/replies/reply_codec.hpp"
#include "daemon/protocol/replies/suite_replies.hpp"

namespace trexsearch::protocol {

// ShowSuiteReply <-> the reply's `arguments`, as reply_codec.hpp does for the flat
// replies: decoding names a missing or mistyped field with its path and passes over
// keys it does not know.

/// `{"suite": {suite head}, "entries": [{"position", "label", "frame_size", "repeat",
/// "job": JOB, "result": {...} | null, "trials_with_notes": N | null, "line_rate":
/// {...} | null}]}`; each result written as stored, read by its job's method.
Document encode_reply(const ShowSuiteReply& reply);
void decode_reply(const Document& arguments, ShowSuiteReply& reply);

}  // namespace trexsearch::protocol
