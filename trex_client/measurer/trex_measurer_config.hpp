#pragma once

#include <cstdint>
#include <vector>

#include "measure/units.hpp"
#include "trex_client/profile/compiled_profile.hpp"

namespace trexsearch::trex {

/// How the TRex measurer runs a trial (see docs/trex-client.md, "Trials").
struct TrexMeasurerConfig {
  /// The directions of the traffic profile; each transmitting port sends the
  /// intended load (per direction, as MLRsearch defines load).
  std::vector<TrafficDirection> directions;
  /// Where the counts come from; flow_stats needs every direction's pg_id
  /// (compile_profile with the same source).
  CounterSource counters = CounterSource::flow_stats;

  /// How often to ask whether the ports left TX, once the intended duration is over.
  measure::Seconds tx_poll_interval{0.0005};
  /// The stretch allowance (docs/trials.md "A tester-limited trial never passes"): a
  /// direction must send its intended frames within intended duration * (1 +
  /// tx_end_slack) of TRex's data plane starting it, in TRex's clock (TxEndJudge).
  /// One that does not, or does not show it did, is tester-limited and never passes,
  /// whatever the trial's duration or TRex's clock speed (CSIT's rule, draft-01 §5.1
  /// item 5). 0.5 %: a 2 Mpps tester passes no trial above 2.01 Mpps.
  double tx_end_slack = 0.005;
  /// From TRex's start request to its first frame (trex-protocol.md §2.9: the DP
  /// cores start 100 us after it), in TRex's clock: where a direction's TX begins.
  measure::Seconds tx_start_delay{100e-6};

  /// After TX ends, receive counters are read until they stop moving: two reads
  /// settle_poll_interval apart that agree, but not before settle_min (for users who
  /// want RFC 2544's fixed wait, e.g. 2 s) and not after settle_max.
  measure::Seconds settle_poll_interval{0.001};
  measure::Seconds settle_min{0.0};
  measure::Seconds settle_max{0.5};

  /// Intended frames per direction = ceil((duration - this) * load): start skew
  /// between ports (CSIT's 10 us, draft-01 §5.1 item 5).
  measure::Seconds intended_count_tolerance{10e-6};

  /// A warmup trial (results discarded) at the trial's load before the first trial
  /// and after every recovery; 0 disables it.
  measure::Seconds warmup_duration{0.0};
  /// Without a warmup: a discarded run this long at the first trial's load, before
  /// the first trial and after every recovery. TRex's first run after idling can
  /// start tens of ms late (docs/trials.md); 0 disables it.
  measure::Seconds prime_duration{0.01};
  /// Warm up before every trial, not only the first.
  bool warmup_every_trial = false;

  /// start_traffic's force: TRex skips its link, destination and line-rate checks
  /// (2.2-2.9 ms per port's start on the stand's v3.08), so the second port of a bidirectional
  /// trial starts that much sooner. The measurer makes the first two checks itself, once per
  /// session and after any trial in which a direction received nothing
  /// (port_readiness.hpp); the daemon checks the line rate when a job connects.
  bool force_start = true;
  /// Recoveries tried before the traffic starts (beyond that the error propagates).
  int max_setup_recoveries = 2;
  /// Times a trial is run again when its counter reads cannot show a direction sent
  /// its frames by its allowed end (TxEndJudge's `unverified`); after that the trial
  /// counts as tester-limited.
  int max_unverified_repeats = 2;

  /// Throws ConfigError naming the field for any invalid value.
  void validate() const;
};

}  // namespace trexsearch::trex
