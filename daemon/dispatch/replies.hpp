#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/jobs/job_control.hpp"
#include "daemon/model/fixed_load_result.hpp"
#include "daemon/model/server_facts.hpp"
#include "daemon/model/trex_link.hpp"
#include "daemon/protocol/replies/job_replies.hpp"
#include "daemon/protocol/replies/replies.hpp"
#include "daemon/protocol/replies/status_reply.hpp"
#include "daemon/protocol/replies/suite_replies.hpp"
#include "plr/estimate.hpp"
#include "plr/tester_limit.hpp"
#include "search/goal_result.hpp"
#include "trex_client/tester/trex_tester.hpp"

namespace trexsearch::service {

// Every reply is the protocol's own struct (daemon/protocol/replies/replies.hpp,
// job_replies.hpp, status_reply.hpp, suite_replies.hpp): a handler fills it from the
// daemon's records (daemon/model/protocol_records.hpp) and the protocol's codec is the
// one writer of its arguments. The reply's one-sentence text travels beside it (Answer).
using protocol::AnalyzeReply;
using protocol::CancelReply;
using protocol::DeleteReply;
using protocol::HelpReply;
using protocol::ListReply;
using protocol::ListSuitesReply;
using protocol::ResultReply;
using protocol::ShowReply;
using protocol::ShowSuiteReply;
using protocol::StatusReply;
using protocol::SubmitReply;
using protocol::SubmitSuiteReply;
using protocol::VersionReply;
using protocol::WatchReply;

/// A handler's answer: the reply's text and its typed arguments.
template <class Reply>
struct Answer {
  std::string text;
  Reply reply;
};

}  // namespace trexsearch::service
