#pragma once

// An ASTF trial's counters -> the search's TrialOutcome, in CSIT's terms
// (trex-astf.md §4.2), so results compare with CSIT's. Pure: no TRex, no clock.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "measure/trial_result.hpp"
#include "measure/units.hpp"
#include "trex_client/api/astf_types.hpp"
#include "trex_client/measurer/astf_measurer_config.hpp"

namespace trexsearch::trex {

/// One named counter value of a section.
struct AstfNamedCounter {
  std::string name;
  double value = 0.0;
  /// TRex marks it an error (desc `info: "error"`).
  bool error = false;
};

/// A trial's L7 counters by name (through TRex's descriptions: ids are positional),
/// non-zero ones only, in TRex's order, and the ports' counters.
struct AstfTrialCounters {
  std::vector<AstfNamedCounter> client;
  std::vector<AstfNamedCounter> server;
  /// Per port read: opackets, ipackets (port counters, trial's own: TRex's
  /// port counters are since its start, so the measurer subtracts a baseline).
  std::map<std::uint8_t, std::pair<std::int64_t, std::int64_t>> ports;

  /// The client (or server) counter `name`; 0 when TRex left it out (zero).
  double client_value(const std::string& name) const;
  double server_value(const std::string& name) const;
};

/// Names the descriptions' ids in `values` (unknown ids, separators and zeros left out).
AstfTrialCounters name_counters(const std::vector<AstfCounterDesc>& desc,
                                const AstfCounterValues& values);

/// What the measurer saw of one trial besides its final counters.
struct AstfTrialFacts {
  /// The load [transactions/s] and how long new flows were to be generated [s].
  double load_tps = 0.0;
  measure::Seconds generation_time{0.0};
  /// Client attempts read when the pace allowance ran out (first flow + generation
  /// time x (1 + pace_slack)); absent when the run ended before that read.
  std::optional<double> attempts_at_pace_check;
  /// Wall time of the whole trial (the effective duration, as for stateless trials).
  measure::Seconds wall_time{0.0};
};

/// The transactions the client attempted (TCP `tcps_connattempt`, UDP `udps_connects`):
/// what the pace check and the unsent rule look at.
double client_attempts(const AstfMeasurerConfig& config, const AstfTrialCounters& counters);

/// The TRex error counters that mean the tester, not the SUT, ran out of something
/// (flow table, memory, throttled flow creation or RX): a trial with any is
/// tester-limited.
bool is_tester_resource_error(const std::string& name);

/// The outcome: offered/loss/intended in transactions (connection rate) or frames
/// (throughput), unattempted transactions as loss, a trial whose client fell behind
/// (pace check) or hit a tester resource error tester-limited, and notes with the
/// counters the counts came from, the error counters and the traffic durations TRex
/// measured.
measure::TrialOutcome count_astf_trial(const AstfMeasurerConfig& config,
                                       const AstfTrialFacts& facts,
                                       const AstfTrialCounters& counters);

}  // namespace trexsearch::trex
