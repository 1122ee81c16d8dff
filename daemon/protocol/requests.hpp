#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/protocol/document.hpp"
#include "daemon/protocol/job_state.hpp"
#include "search/search_goal.hpp"

namespace trexsearch::protocol {

// One struct per request of the control socket (docs/socket-api.md "Commands").
// Each names its command; request_codec.hpp reads and writes its arguments, and
// lists its fields (checked against the docs by a test).

/// `version`: no arguments.
struct VersionRequest {
  static constexpr std::string_view kCommand = "version";
  friend bool operator==(const VersionRequest&, const VersionRequest&) = default;
};

/// `status`: no arguments.
struct StatusRequest {
  static constexpr std::string_view kCommand = "status";
  friend bool operator==(const StatusRequest&, const StatusRequest&) = default;
};

/// `help`: no arguments.
struct HelpRequest {
  static constexpr std::string_view kCommand = "help";
  friend bool operator==(const HelpRequest&, const HelpRequest&) = default;
};

/// `submit`: the job document ({method, spec, measurer, name?, profile?, ...}),
/// resolved into a JobSpec by the daemon's job spec codec (loads in % of line
/// rate need the port speed, which only the daemon can ask TRex for).
struct SubmitRequest {
  static constexpr std::string_view kCommand = "submit";
  Document job;
  friend bool operator==(const SubmitRequest&, const SubmitRequest&) = default;
};

/// `submit_suite`: the suite document of docs/suites.md, resolved like `submit`'s.
struct SubmitSuiteRequest {
  static constexpr std::string_view kCommand = "submit_suite";
  Document suite;
  friend bool operator==(const SubmitSuiteRequest&, const SubmitSuiteRequest&) = default;
};

/// `list` and `list_suites`: how many at most.
inline constexpr std::size_t kDefaultListLimit = 100;
inline constexpr std::size_t kMaxListLimit = 10000;

/// `list`: jobs newest first, optionally of one state.
struct ListRequest {
  static constexpr std::string_view kCommand = "list";
  std::optional<JobState> state;
  std::size_t limit = kDefaultListLimit;
  /// Only the jobs placed on this testbed (docs/testbeds.md).
  std::optional<std::string> testbed;
  friend bool operator==(const ListRequest&, const ListRequest&) = default;
};

/// `list_suites`: suites newest first.
struct ListSuitesRequest {
  static constexpr std::string_view kCommand = "list_suites";
  std::size_t limit = kDefaultListLimit;
  friend bool operator==(const ListSuitesRequest&, const ListSuitesRequest&) = default;
};

/// `show`: one job, with its trials unless `trials` is false, and every run of its
/// hooks with their output when `hooks` is true.
struct ShowRequest {
  static constexpr std::string_view kCommand = "show";
  JobId job = 0;
  bool trials = true;
  bool hooks = false;
  friend bool operator==(const ShowRequest&, const ShowRequest&) = default;
};

/// `cancel` (privileged).
struct CancelRequest {
  static constexpr std::string_view kCommand = "cancel";
  JobId job = 0;
  friend bool operator==(const CancelRequest&, const CancelRequest&) = default;
};

/// `delete` (privileged).
struct DeleteRequest {
  static constexpr std::string_view kCommand = "delete";
  JobId job = 0;
  friend bool operator==(const DeleteRequest&, const DeleteRequest&) = default;
};

/// `result`.
struct ResultRequest {
  static constexpr std::string_view kCommand = "result";
  JobId job = 0;
  friend bool operator==(const ResultRequest&, const ResultRequest&) = default;
};

/// `watch`: events follow the reply until the job ends.
struct WatchRequest {
  static constexpr std::string_view kCommand = "watch";
  JobId job = 0;
  friend bool operator==(const WatchRequest&, const WatchRequest&) = default;
};

/// `analyze`: a job's stored trials against other goals (absent: its own).
struct AnalyzeRequest {
  static constexpr std::string_view kCommand = "analyze";
  JobId job = 0;
  std::optional<std::vector<mlr::SearchGoal>> goals;
  friend bool operator==(const AnalyzeRequest&, const AnalyzeRequest&) = default;
};

/// How `show_suite` names a suite: by id, or by name (the newest of that name).
struct SuiteRef {
  std::optional<std::int64_t> id;
  std::string name;
  friend bool operator==(const SuiteRef&, const SuiteRef&) = default;
};

/// `show_suite`.
struct ShowSuiteRequest {
  static constexpr std::string_view kCommand = "show_suite";
  SuiteRef suite;
  friend bool operator==(const ShowSuiteRequest&, const ShowSuiteRequest&) = default;
};

}  // namespace trexsearch::protocol
