#pragma once

// Turns what `status` already gathers (all from memory) into MetricsSnapshot.

#include <cstddef>
#include <optional>
#include <string>

#include "daemon/jobs/queue_view.hpp"
#include "daemon/metrics/metrics_text.hpp"
#include "daemon/metrics/trial_tally.hpp"
#include "daemon/model/trex_link.hpp"
#include "daemon/replication/replication_status.hpp"
#include "daemon/store/store_health_view.hpp"

namespace trexsearch::service {

/// The daemon's state at one moment, from the sources `status` reads.
struct MetricsSources {
  std::string version;
  WallTime started_at{};
  QueueStatus queue;
  TrialTotals trials;
  TrexLinkSnapshot trex;
  std::optional<StoreHealth> store;
  std::size_t control_clients = 0;
  /// The config's testbed names (none without testbed sections).
  std::vector<std::string> testbeds;
  /// The fleet replicator's state; absent when it does not run.
  std::optional<ReplicationStatus> replication;
};

/// Every method and link state appears (0 when not current); the running job's
/// values only while one runs.
MetricsSnapshot make_metrics_snapshot(const MetricsSources& sources);

}  // namespace trexsearch::service
