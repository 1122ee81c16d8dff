#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "measure/units.hpp"

namespace trexsearch::trex {

/// What one ASTF trial counts (trex-astf.md §4.2, CSIT's transaction types): the load
/// is always transactions (connections) per second; the counts are these.
enum class AstfCounting {
  /// TCP connection rate: attempted = client `tcps_connattempt`, succeeded = client
  /// `tcps_connects` (a session is usable once the SYN-ACK came back). CSIT tcp_cps.
  tcp_connections,
  /// UDP connection rate: attempted = the client ports' `opackets` / the client's
  /// packets per transaction, succeeded = their `ipackets` / the server's (flows
  /// answered). CSIT udp_cps: TRex closes a client flow that does not wait for its
  /// answer, so only the ports see the answers.
  udp_transactions,
  /// Throughput: frames over all ports (port `opackets`/`ipackets`), intended =
  /// transactions x packets per transaction. CSIT udp_pps / tcp_pps.
  frames,
};

/// "tcp_connections", "udp_transactions", "frames".
std::string_view to_string(AstfCounting counting);

/// How the ASTF measurer runs a trial (docs/astf.md "Trials").
struct AstfMeasurerConfig {
  AstfCounting counting = AstfCounting::tcp_connections;
  /// Σ of the profile's template `cps`: TRex offers mult x this connections/s, so a
  /// load L takes mult = L / total_cps (trex-astf.md §1.6).
  double total_cps = 1.0;
  /// The profile's session count (Σ template `limit`, CSIT's transaction_scale):
  /// every trial then attempts exactly this many, over sessions / load seconds, and
  /// the search's trial duration is not used (CSIT's _compute_duration). Absent: a
  /// trial lasts the search's duration and attempts load x duration.
  std::optional<std::uint64_t> sessions;
  /// Packets of one transaction in both directions together (frames counting:
  /// intended frames = transactions x this), and those the server sends (UDP
  /// answers per transaction). Absent: the counts alone (1 answer per transaction).
  std::optional<std::uint32_t> packets_per_transaction;
  std::optional<std::uint32_t> server_packets_per_transaction;
  std::optional<std::uint32_t> client_packets_per_transaction;
  /// The ports whose counters a trial reads (client and server ports).
  std::vector<std::uint8_t> ports{0, 1};
  /// `start`'s client_mask: bit p enables client generation on port p (CSIT: 3).
  std::uint32_t client_mask = 0xffffffffu;

  /// From the start request to TRex's first flow, in TRex's clock: TRex schedules it
  /// 0.1 s + 0.01 s later (trex-astf.md §1.6); CSIT corrects with 0.112 s.
  measure::Seconds start_delay{0.112};
  /// Beyond sessions / load, how long TRex may let a limited run's last flows finish
  /// (retransmitted SYNs, late answers) before `nc` ends them.
  measure::Seconds finish_grace{0.5};
  /// The stretch allowance of the pace check: by first flow + duration x (1 + this)
  /// the client must have attempted what it was asked (less count_tolerance), else
  /// the trial is tester-limited and never passes (the stateless rule, docs/trials.md).
  double pace_slack = 0.005;
  /// Attempts TRex's flow scheduling may miss or add (its per-thread rounding): a
  /// trial within this many of the expected count has intended = attempted.
  std::uint64_t count_tolerance = 2;
  /// Beyond the expected end, how long to wait for TRex to finish the run (CLEANUP
  /// done, counters final) before stopping it.
  measure::Seconds end_bound{10.0};
  /// Throughput tests whose DUT sessions expire (CSIT's ramp-up, trex-astf.md §4.4):
  /// before a trial, when the sessions made by the last ramp-up (or by the last trial
  /// that lost nothing) may expire before this trial ends, a ramp-up run at this rate
  /// [transactions/s] opens every session again; its counts are discarded and the
  /// trial says so (`ramp_up` note). Needs a session count. Absent: no ramp-up.
  std::optional<double> ramp_up_tps;
  /// The DUT's session timeout (CSIT: 240 s).
  measure::Seconds state_timeout{240.0};
  /// Recoveries tried before the traffic starts (beyond that the error propagates).
  int max_setup_recoveries = 2;

  /// Throws ConfigError naming the field for any invalid value.
  void validate() const;
};

}  // namespace trexsearch::trex
