#pragma once

#include <cstddef>
#include <string>

#include "daemon/protocol/document.hpp"
#include "daemon/protocol/envelope.hpp"

namespace trexsearch::report {

// `trex-search report JOB` from the daemon's replies: `show` (with trials), then
// `result`, or for a job without a result yet (running, queued, interrupted) the
// stored trials and, for MLRsearch, the bounds `analyze` gives them. The CLI makes
// the requests; this codec is what reads the replies and hands the renderers
// their typed values.

/// What `show`'s reply says that decides the next requests.
struct ShownJob {
  std::string method;  ///< "mlr", "plr", "mrr" or "soak"
  std::string state;
  bool has_trials = false;
};

/// `show`'s reply arguments read for that.
ShownJob read_shown_job(const protocol::Document& shown_reply);

/// Whether a job without a result needs `analyze` for its bounds (MLRsearch with
/// stored trials).
bool needs_analyze(const ShownJob& job);

/// A rendered job report (or trials CSV) and how many trials it holds.
struct RenderedJob {
  std::string text;
  std::size_t trials = 0;
};

/// The report (or with `csv` the trials CSV) from `show`'s reply arguments, the
/// `result` reply (`result_reply`: success, or conflict: no result yet) and, when asked,
/// `analyze`'s reply (else nullptr). Throws ConfigError naming a bad field.
RenderedJob render_job_report(const protocol::Document& shown_reply,
                              const protocol::Response& result_reply,
                              const protocol::Response* analyze, bool csv);

}  // namespace trexsearch::report
