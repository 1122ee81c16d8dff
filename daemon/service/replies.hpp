#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/service/fixed_load_result.hpp"
#include "daemon/service/job_control.hpp"
#include "daemon/service/server_facts.hpp"
#include "daemon/service/trex_link.hpp"
#include "plr/estimate.hpp"
#include "plr/tester_limit.hpp"
#include "search/goal_result.hpp"
#include "trex_client/profile/line_rate.hpp"

namespace trexsearch::service {

// One struct per reply of the control socket (docs/socket-api.md "Commands"):
// what a handler answers, before reply_encoding.hpp writes it as the reply's
// `arguments`. The reply's one-sentence text travels beside it (Answer).

/// A handler's answer: the reply's text and its typed arguments.
template <class Reply>
struct Answer {
  std::string text;
  Reply reply;
};

/// `version`.
struct VersionReply {
  std::string version;
  int protocol = 0;
};

/// `status`: everything answered from memory.
struct StatusReply {
  DaemonInfo daemon;
  /// Seconds since the daemon started.
  double uptime_s = 0;
  /// Absent: this daemon has no TRex configured.
  std::optional<TrexLinkSnapshot> trex;
  QueueStatus queue;
  std::optional<StoreHealth> store;
  std::optional<ServerStats> clients;
};

/// `submit`: the queued job.
struct SubmitReply {
  SubmitReceipt receipt;
};

/// `submit_suite`.
struct SubmitSuiteReply {
  SuiteReceipt receipt;
};

/// `show_suite`.
struct ShowSuiteReply {
  SuiteDetails details;
};

/// `list_suites`: newest first.
struct ListSuitesReply {
  std::vector<SuiteRecord> suites;
};

/// `list`: newest first.
struct ListReply {
  std::vector<JobRecord> jobs;
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

/// `analyze`: the stored trials against the goals.
struct AnalyzeReply {
  JobId job = 0;
  std::size_t trial_count = 0;
  std::vector<mlr::GoalResult> goals;
};

/// `cancel`.
struct CancelReply {
  JobId job = 0;
  CancelOutcome outcome = CancelOutcome::cancelled;
};

/// `delete`: how many trials went with the job.
struct DeleteReply {
  JobId job = 0;
  std::size_t trials = 0;
};

/// `help`: the command registry as a client sees it.
struct HelpReply {
  struct Command {
    std::string_view name;
    std::string_view summary;
    bool privileged = false;
  };
  std::vector<Command> commands;
};

}  // namespace trexsearch::service
