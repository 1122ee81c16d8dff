#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "daemon/protocol/replies/job_replies.hpp"
#include "daemon/protocol/replies/replies.hpp"
#include "daemon/protocol/replies/result_document.hpp"

namespace trexsearch::protocol {

// The reply that carries a suite with its jobs and their results (docs/socket-api.md
// `show_suite`); suite_replies_codec.hpp writes and reads it.

/// One job of a suite, where it sits in it, and what its result says.
struct ShowSuiteEntry {
  /// 0-based, in the order the suite expanded.
  std::uint64_t position = 0;
  std::string label;
  /// "64", "imix", or empty when the suite does not vary frame sizes.
  std::string frame_size;
  int repeat = 1;
  JobSummary job;
  /// The stored result without its trials (`show` lists them); absent until the job has one.
  std::optional<ResultDocument> result;
  /// How many of that result's trials carry notes; absent without a result.
  std::optional<std::uint64_t> trials_with_notes;
  /// Null when the port speed is not known (or not a TRex job), as in `result`.
  std::optional<LineRateFacts> line_rate;
};

/// `show_suite`: the suite's head and its jobs in suite order.
struct ShowSuiteReply {
  SuiteSummary suite;
  std::vector<ShowSuiteEntry> entries;
};

}  // namespace trexsearch::protocol
