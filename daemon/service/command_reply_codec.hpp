#pragma once

#include "daemon/protocol/document.hpp"
#include "daemon/service/replies.hpp"

namespace trexsearch::service {

// Each typed reply -> the reply's `arguments` (docs/socket-api.md "Commands").

protocol::Document encode_reply(const VersionReply& reply);
protocol::Document encode_reply(const StatusReply& reply);
protocol::Document encode_reply(const SubmitReply& reply);
protocol::Document encode_reply(const SubmitSuiteReply& reply);
protocol::Document encode_reply(const ShowSuiteReply& reply);
protocol::Document encode_reply(const ListSuitesReply& reply);
protocol::Document encode_reply(const ListReply& reply);
protocol::Document encode_reply(const ShowReply& reply);
protocol::Document encode_reply(const ResultReply& reply);
protocol::Document encode_reply(const WatchReply& reply);
protocol::Document encode_reply(const AnalyzeReply& reply);
protocol::Document encode_reply(const CancelReply& reply);
protocol::Document encode_reply(const DeleteReply& reply);
protocol::Document encode_reply(const HelpReply& reply);

}  // namespace trexsearch::service
