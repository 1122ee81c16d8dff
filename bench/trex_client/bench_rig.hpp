#pragma once

#include <memory>

#include "trex_client/emulator/emulator_server.hpp"
#include "trex_client/measurer/trex_measurer.hpp"
#include "trex_client/session/trex_session.hpp"

namespace trexsearch::trex::bench {

/// An in-process emulator on loopback with a connected session, a bidirectional
/// 64-byte profile loaded on ports 0 and 1, and a measurer whose clock runs at the
/// emulator's speed.
struct BenchRig {
  /// `speed` 1 is real time; a sharp SUT of `capacity_pps` per direction.
  BenchRig(double speed, double capacity_pps, TrexMeasurerConfig config = {});

  std::unique_ptr<emu::EmulatorServer> emulator;
  std::unique_ptr<TrexSession> session;
  std::unique_ptr<SteadyWaitClock> clock;
  std::unique_ptr<TrexMeasurer> measurer;
};

/// The q-quantile (0..1) of `values` (sorted copy, nearest rank).
double quantile(std::vector<double> values, double q);

}  // namespace trexsearch::trex::bench
