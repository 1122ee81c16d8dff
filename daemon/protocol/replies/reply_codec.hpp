#pragma once

#include "daemon/protocol/document.hpp"
#include "daemon/protocol/replies/replies.hpp"

namespace trexsearch::protocol {

// Each reply struct of replies.hpp <-> the reply's `arguments`. Decoding is for
// clients: a missing or mistyped field is a ConfigError naming `arguments.FIELD`;
// keys it does not know are passed over, so a client keeps working with a daemon
// that added one (docs/socket-api.md: new fields and codes are only appended).

Document encode_reply(const VersionReply& reply);
Document encode_reply(const SubmitReply& reply);
Document encode_reply(const CancelReply& reply);
Document encode_reply(const DeleteReply& reply);
Document encode_reply(const ListReply& reply);
Document encode_reply(const ListSuitesReply& reply);
Document encode_reply(const SubmitSuiteReply& reply);
Document encode_reply(const HelpReply& reply);

void decode_reply(const Document& arguments, VersionReply& reply);
void decode_reply(const Document& arguments, SubmitReply& reply);
void decode_reply(const Document& arguments, CancelReply& reply);
void decode_reply(const Document& arguments, DeleteReply& reply);
void decode_reply(const Document& arguments, ListReply& reply);
void decode_reply(const Document& arguments, ListSuitesReply& reply);
void decode_reply(const Document& arguments, SubmitSuiteReply& reply);
void decode_reply(const Document& arguments, HelpReply& reply);

/// The reply struct `R` read from a reply's arguments.
template <class R>
R decode_reply(const Document& arguments) {
  R reply;
  decode_reply(arguments, reply);
  return reply;
}

}  // namespace trexsearch::protocol
