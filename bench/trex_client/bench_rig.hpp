#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "trex_client/measurer/trex_measurer.hpp"
#include "trex_client/session/trex_session.hpp"
#include "trex_emulator/server/emulator_server.hpp"

namespace trexsearch::trex::bench {

/// Which TRex the benchmarks drive: one at `endpoint` (a real TRex or a running
/// trex-emulator), or, without an endpoint, an in-process emulator on loopback.
struct BenchTarget {
  std::optional<std::string> endpoint;
  /// The port pair: traffic from ports[0] to ports[1] (and back when bidirectional).
  std::uint8_t tx_port = 0;
  std::uint8_t rx_port = 1;
  bool bidirectional = true;
  std::uint32_t frame_size = 64;
  CounterSource counters = CounterSource::flow_stats;
  bool force_acquire = false;
  /// The measurer's force_start (its default: on).
  bool force_start = true;
  /// The measurer's tx_poll_interval [s] when given.
  std::optional<double> tx_poll_interval_s;

  /// "real TRex at tcp://..." or "in-process emulator".
  std::string describe() const;
};

/// A connected session with an IPv4/UDP profile loaded on the target's port pair and
/// a measurer whose clock runs at the emulator's speed (1 for an endpoint).
struct BenchRig {
  /// `speed` and a sharp SUT of `capacity_pps` per direction apply to the in-process
  /// emulator only.
  BenchRig(const BenchTarget& target, double speed, double capacity_pps,
           TrexMeasurerConfig config = {});

  std::unique_ptr<emu::EmulatorServer> emulator;
  std::unique_ptr<TrexSession> session;
  std::unique_ptr<SteadyWaitClock> clock;
  std::unique_ptr<TrexMeasurer> measurer;
};

/// The q-quantile (0..1) of `values` (sorted copy, nearest rank).
double quantile(std::vector<double> values, double q);

}  // namespace trexsearch::trex::bench
