#pragma once

// The Prometheus text exposition format 0.0.4 of trex-searchd's metrics
// (docs/metrics.md): a typed snapshot in, the page `GET /metrics` answers out.
// No I/O, no clock: what the daemon knows at one moment is gathered elsewhere.

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "daemon/metrics/trial_tally.hpp"

namespace trexsearch::service {

/// The Content-Type of the exposition format this module writes.
inline constexpr std::string_view kMetricsContentType = "text/plain; version=0.0.4; charset=utf-8";

/// Longest label value written [bytes]: user text (goal names) is cut there, so
/// one submission cannot blow up a scrape.
inline constexpr std::size_t kMaxLabelValueBytes = 64;
/// Most goals whose bounds are exported for the running job.
inline constexpr std::size_t kMaxExportedGoals = 16;

/// One goal of the running MLR job: its label and the bounds found so far [pps].
struct GoalBoundsMetric {
  std::string goal;
  std::optional<double> lower_bound_pps;
  std::optional<double> upper_bound_pps;
};

/// One running job's gauges, labelled with its testbed.
struct RunningJobMetrics {
  /// "" for a job on no testbed (then only the longest-running such job is shown).
  std::string testbed;
  /// Its latest completed trial: intended load [pps] and loss ratio.
  std::optional<double> last_trial_load_pps;
  std::optional<double> last_trial_loss_ratio;
  /// A PLR job's critical-load estimate and its stdev [pps].
  std::optional<double> plr_estimate_pps;
  std::optional<double> plr_estimate_stdev_pps;
  /// An MLR job's goals, in goal order.
  std::vector<GoalBoundsMetric> mlr_goals;
};

/// Everything `GET /metrics` reports, as values (docs/metrics.md names each one).
struct MetricsSnapshot {
  std::string version;
  /// When the daemon started [s since the Unix epoch].
  double start_time_seconds = 0.0;
  /// Jobs waiting, by method ("mlr", "plr"); every method the daemon knows is
  /// listed, with 0 when it has none.
  std::map<std::string, std::size_t> jobs_queued;
  /// Jobs running, by (method, testbed): every method on every testbed of the
  /// config ("" without testbed sections), 0 when none runs there.
  std::map<std::pair<std::string, std::string>, std::size_t> jobs_running;
  /// Trials stored since the daemon started, by (phase, result, testbed).
  std::map<TrialKey, std::uint64_t> trials_total;
  /// The running jobs' gauges, one per testbed, in the order they started.
  std::vector<RunningJobMetrics> running;
  /// The TRex link's state now, and every state it can be in (one series each).
  std::string trex_link_state;
  std::vector<std::string> trex_link_states;
  std::uint64_t trex_reconnects_total = 0;
  /// The job store's size (database + WAL) [bytes] and whether writes succeed.
  std::optional<std::uint64_t> store_size_bytes;
  std::optional<bool> store_writable;
  /// Connections to the control socket now.
  std::size_t control_clients = 0;
  /// The fleet replicator (docs/fleet.md); absent without `results-db`.
  struct Replication {
    bool connected = false;
    std::uint64_t rows_behind = 0;
    std::uint64_t rows_sent_total = 0;
    std::uint64_t errors_total = 0;
    /// Its last successful pass [s since the Unix epoch]; absent before the first.
    std::optional<double> last_success_seconds;
  };
  std::optional<Replication> replication;
};

/// A label value as the exposition format needs it: at most `max_bytes` bytes of
/// valid UTF-8 (invalid bytes become '?', a cut never splits a character), with
/// backslash, double quote and newline escaped.
std::string escape_label_value(std::string_view value, std::size_t max_bytes = kMaxLabelValueBytes);

/// A sample value: shortest round-trip decimal, "NaN", "+Inf" or "-Inf".
std::string format_sample_value(double value);

/// The whole page: every family with its HELP and TYPE lines, even when it has
/// no sample now (no running job), so that dashboards see the names.
std::string format_metrics(const MetricsSnapshot& snapshot);

}  // namespace trexsearch::service
