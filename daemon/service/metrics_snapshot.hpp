#pragma once

// Turns what `status` already gathers (all from memory) into MetricsSnapshot.

#include <cstddef>
#include <optional>
#include <string>

#include "daemon/service/metrics_text.hpp"
#include "daemon/service/queue_view.hpp"
#include "daemon/service/store_health_view.hpp"
#include "daemon/service/trex_link.hpp"
#include "daemon/service/trial_tally.hpp"

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
};

/// Every method and link state appears (0 when not current); the running job's
/// values only while one runs.
MetricsSnapshot make_metrics_snapshot(const MetricsSources& sources);

}  // namespace trexsearch::service
