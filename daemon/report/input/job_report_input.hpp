#pragma once

#include <cstddef>
#include <string>

#include "daemon/protocol/replies/job_replies.hpp"

namespace trexsearch::report {

// `trex-search report JOB` from the daemon's replies as the protocol reads them:
// `show` (with trials), then `result`, or for a job without a result yet (running,
// queued, interrupted) the stored trials and, for MLRsearch, the bounds `analyze` gives
// them. The CLI makes the requests and decodes the replies (decode_reply<R>); this
// hands the renderers their typed values, reading no JSON of its own.

/// What `show`'s reply says that decides the next requests.
struct ShownJob {
  std::string method;  ///< "mlr", "plr", "mrr" or "soak"
  std::string state;
  bool has_trials = false;
};

ShownJob read_shown_job(const protocol::ShowReply& shown);

/// Whether a job without a result needs `analyze` for its bounds (MLRsearch with
/// stored trials).
bool needs_analyze(const ShownJob& job);

/// A rendered job report (or trials CSV) and how many trials it holds.
struct RenderedJob {
  std::string text;
  std::size_t trials = 0;
};

/// The report (or with `csv` the trials CSV) from `show`'s reply, `result`'s (null:
/// the job has no result yet) and, when asked, `analyze`'s (else null). Throws
/// ConfigError when a stored MLR result cannot form a search result.
RenderedJob render_job_report(const protocol::ShowReply& shown, const protocol::ResultReply* result,
                              const protocol::AnalyzeReply* analyze, bool csv);

}  // namespace trexsearch::report
