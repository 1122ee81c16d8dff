#pragma once

// Internal to the TRex measurer: what one run of traffic (a trial or a warmup) saw.

#include <optional>

#include "trex_client/measurer/trex_measurer.hpp"
#include "trex_client/measurer/tx_end_judge.hpp"

namespace trexsearch::trex {

struct TrexMeasurer::Traffic {
  StatsSnapshot baseline;
  StatsSnapshot final;
  /// The TX-end read that first saw every direction's frames sent, taken before the
  /// stop (counts path only): the first of the settle's two agreeing reads when
  /// nothing moved between it and the stop's read (TrexMeasurer::quiet_since).
  std::optional<StatsSnapshot> all_sent_read;
  /// TX end is judged from per-stream TX counts (flow_stats, main streams only),
  /// else from the ports' state.
  bool by_counts = false;
  /// The baseline is the previous run's final read (no read of its own).
  bool baseline_reused = false;
  // Measurer-clock times, in the order they happen.
  measure::Seconds begun{0.0};
  measure::Seconds baseline_read{0.0};
  /// When the start request was sent: TRex's data plane starts 100 us later
  /// (trex-protocol.md §2.9), long before the start's reply.
  measure::Seconds requested{0.0};
  measure::Seconds started{0.0};
  measure::Seconds tx_end{0.0};
  measure::Seconds settled{0.0};
  measure::Seconds released{0.0};
  /// Latest minus earliest server time of the main streams' start replies.
  measure::Seconds start_skew{0.0};
  /// Whether each direction's main streams sent their frames in time, in TRex's
  /// clock (set by start_traffic; unset for a run without main streams).
  std::optional<TxEndJudge> judge;
  /// The main streams' intended frames per direction (0 without main streams).
  std::int64_t intended = 0;
  bool tx_stopped = false;
  bool settle_capped = false;
  /// TrialTrace::settle_reads.
  int settle_reads = 0;
};

}  // namespace trexsearch::trex
