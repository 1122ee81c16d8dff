#pragma once

#include <chrono>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "daemon/protocol/replies/trial_record.hpp"

namespace trexsearch::cli {

class ControlConnection;

/// The trials a job has stored so far, read on a connection of their own.
using StoredTrials = std::function<std::vector<protocol::TrialRecord>()>;

/// StoredTrials through `show` on a new connection to `socket_path`.
StoredTrials stored_trials_of(const std::string& socket_path, std::chrono::milliseconds timeout,
                              long long job);

/// Watches `job` on an open connection until it ends, printing one line per event
/// (raw JSON lines with `json`); returns 0 when the job finished, 3 otherwise.
/// With `stored_before` (`submit --watch`) the trials the job stored before the watch
/// began are printed first, each once: a short job can run, or even end, between
/// the submit and the watch, and its submitter expects every trial.
int watch_job(ControlConnection& connection, long long job, bool json, std::ostream& out,
              const StoredTrials& stored_before = {});

}  // namespace trexsearch::cli
