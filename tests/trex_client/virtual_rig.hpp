#pragma once
// A measurer on virtual time: a session on a VirtualTrex (tests/support/virtual_trex.hpp)
// with the measurer tests' bidirectional profile loaded, and an unprimed measurer on
// the same clock. Nothing sleeps and no figure depends on the machine's speed.
#include <memory>
#include <utility>

#include "tests/support/virtual_trex.hpp"
#include "tests/trex_client/measurer_rig.hpp"
#include "trex_client/measurer/trex_measurer.hpp"
#include "trex_client/session/trex_session.hpp"

namespace trexsearch::trex::measurer_rig {

struct VirtualRig {
  explicit VirtualRig(emu::EmulatorOptions options,
                      measure::Seconds stop_time = measure::Seconds{0.0}) {
    auto channel = std::make_unique<testsupport::VirtualTrex>(clock, std::move(options));
    channel->stop_takes(stop_time);
    trex = channel.get();
    SessionConfig session_config;
    session_config.ports = {0, 1};
    session_config.retry_clock = &clock;
    session = std::make_unique<TrexSession>(std::move(channel), session_config);
    session->connect();
    const CompiledProfile compiled = bidirectional_profile();
    session->load_streams(compiled.ports);
    TrexMeasurerConfig config = unprimed();
    config.directions = compiled.directions;
    measurer = std::make_unique<TrexMeasurer>(*session, config, clock);
  }

  testsupport::VirtualWaitClock clock;
  /// Owned by the session.
  testsupport::VirtualTrex* trex = nullptr;
  std::unique_ptr<TrexSession> session;
  std::unique_ptr<TrexMeasurer> measurer;
};

}  // namespace trexsearch::trex::measurer_rig
