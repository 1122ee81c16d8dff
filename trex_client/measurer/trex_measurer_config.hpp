#pragma once

#include <cstdint>
#include <vector>

#include "search/units.hpp"
#include "trex_client/profile/compiled_profile.hpp"

namespace trexsearch::trex {

/// How the TRex measurer runs a trial (see docs/trex-client.md, "Trials").
struct TrexMeasurerConfig {
  /// The directions of the traffic profile; each transmitting port sends the
  /// intended load (per direction, as MLRsearch defines load).
  std::vector<TrafficDirection> directions;

  /// How often to ask whether the ports left TX, once the intended duration is over.
  Seconds tx_poll_interval{0.0005};
  /// TX must end by intended duration * (1 + tx_end_slack) + tx_end_grace, else the
  /// measurer stops it (frames not sent by then count as unsent).
  double tx_end_slack = 1.0;
  Seconds tx_end_grace{1.0};

  /// After TX ends, receive counters are read until they stop moving: two reads
  /// settle_poll_interval apart that agree, but not before settle_min (for users who
  /// want RFC 2544's fixed wait, e.g. 2 s) and not after settle_max.
  Seconds settle_poll_interval{0.001};
  Seconds settle_min{0.0};
  Seconds settle_max{0.5};

  /// Traffic that took longer than intended * (1 + stretch_tolerance) +
  /// stretch_tolerance_abs is reported as duration stretching.
  double stretch_tolerance = 0.05;
  Seconds stretch_tolerance_abs{0.005};
  /// Unsent frames within load * this time of the intended count are forgiven:
  /// start skew between ports (like CSIT's 10 us).
  Seconds intended_count_tolerance{10e-6};

  /// A warmup trial (results discarded) at the trial's load before the first trial
  /// and after every recovery; 0 disables it.
  Seconds warmup_duration{0.0};
  /// Warm up before every trial, not only the first.
  bool warmup_every_trial = false;

  /// start_traffic's force: skip TRex's line-rate and link checks.
  bool force_start = false;
  /// Recoveries tried before the traffic starts (beyond that the error propagates).
  int max_setup_recoveries = 2;

  /// Throws ConfigError naming the field for any invalid value.
  void validate() const;
};

}  // namespace trexsearch::trex
