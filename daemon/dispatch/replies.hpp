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

// The replies whose arguments carry the daemon's own records (a job's trials, its
// progress, its result document): what a handler answers, before
// command_reply_codec writes it as the reply's `arguments`. The reply's
// one-sentence text travels beside it (Answer).

// The replies that are the protocol's own structs (daemon/protocol/replies/replies.hpp,
// job_replies.hpp, status_reply.hpp, suite_replies.hpp).
using protocol::AnalyzeReply;
using protocol::CancelReply;
using protocol::DeleteReply;
using protocol::HelpReply;
using protocol::ListReply;
using protocol::ListSuitesReply;
using protocol::ShowSuiteReply;
using protocol::StatusReply;
using protocol::SubmitReply;
using protocol::SubmitSuiteReply;
using protocol::VersionReply;

/// A handler's answer: the reply's text and its typed arguments.
template <class Reply>
struct Answer {
  std::string text;
  Reply reply;
};

/// `show`: the job, its progress or what its stored trials support, its trials.
struct ShowReply {
  JobDetails details;
  /// Not running MLR jobs: each goal's bounds from the stored trials (else null).
  std::optional<std::vector<mlr::GoalResult>> bounds;
  /// Not running PLR jobs with trials: the last stored estimate (which may be
  /// none yet); the key is absent otherwise.
  std::optional<std::optional<plr::PlrEstimate>> estimate;
  /// PLR jobs with trials: the trials judged against the latest estimate.
  std::optional<plr::PlrTesterLimit> tester_limit;
  /// MRR and soak jobs: the result's numbers from the trials stored so far.
  std::optional<FixedLoadResult> fixed_load;
  std::optional<std::optional<trex::LineRate>> line_rate;
  /// False: the request asked for no trials (the key is left out).
  bool with_trials = true;
};

/// `result`: the stored result document as stored.
struct ResultReply {
  JobRecord job;
  std::string result_json;
  std::optional<trex::LineRate> line_rate;
};

/// `watch`: where the stream starts.
struct WatchReply {
  WatchStart start;
};

}  // namespace trexsearch::service
