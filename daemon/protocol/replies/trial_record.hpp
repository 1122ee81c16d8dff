#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "measure/direction_counts.hpp"
#include "measure/direction_latency.hpp"
#include "measure/trial_result.hpp"
#include "plr/estimate.hpp"

namespace trexsearch::protocol {

/// One trial as the daemon's replies list it: `show`'s stored trials and the
/// trials of `result`'s document (MLR, PLR, MRR and soak all share these keys),
/// docs/socket-api.md. The wire's values as they are (the loss ratio the search
/// judged by is not recomputed), so a client shows what the daemon said; the
/// parts a measurer reports are the domain's own types. Times in seconds.
struct TrialRecord {
  /// 1-based, in the order measured.
  std::uint64_t number = 0;
  /// "warmup", "initial", "main", "latency"; empty where trials have no phase (PLR).
  std::string phase;
  /// The intended load [pps per direction].
  double load_pps = 0.0;
  double intended_duration_s = 0.0;
  /// Null on the wire when the measurer gave none.
  std::optional<double> effective_duration_s;
  /// Frame counts; null on the wire for trials recorded without counts.
  std::optional<std::int64_t> offered_count;
  std::optional<std::int64_t> loss_count;
  std::optional<std::int64_t> intended_count;
  /// What the search judged by: 1 for a tester-limited trial.
  double loss_ratio = 0.0;
  /// What the counts say (absent in results stored before it existed).
  std::optional<double> measured_loss_ratio;
  /// The measurer's notes ("key: detail" strings on the wire).
  std::vector<measure::TrialNote> notes;
  std::vector<measure::DirectionCounts> directions;
  std::optional<double> tester_limited_pps;
  /// "flow_stats", "port", or empty when the measurer did not say.
  std::string counters;
  /// Each direction's latency stream (without histograms), for a latency trial.
  std::vector<measure::DirectionLatency> latency;
  /// Search clock at the request.
  std::optional<double> started_at_s;
  /// `show`: when the store recorded it (ISO 8601 UTC).
  std::optional<std::string> recorded_at;
  /// `show` of a PLR job: the estimate computed while it ran (the key is absent
  /// for other jobs, null while there was none yet).
  std::optional<std::optional<plr::PlrEstimate>> estimate;
  friend bool operator==(const TrialRecord&, const TrialRecord&) = default;
};

/// A trial result as a record (number, phase and times left for the caller): what
/// a client that ran the search itself (`simulate`) shows as `watch` would.
TrialRecord trial_record_of(const measure::TrialResult& result);

}  // namespace trexsearch::protocol
