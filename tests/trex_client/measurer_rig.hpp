#pragma once
// The measurer tests' rig: the emulator, a connected session with a bidirectional
// profile loaded, and a measurer whose clock can run a hook mid-trial.
#include <functional>
#include <memory>
#include <stop_token>
#include <utility>

#include "tests/support/emulator_fixture.hpp"
#include "trex_client/measurer/trex_measurer.hpp"

namespace trexsearch::trex::measurer_rig {

using measure::Seconds;

// A clock that runs a hook on the first wait of a trial (the wait for TX to end):
// faults land in the middle of the traffic, deterministically.
class HookClock final : public WaitClock {
 public:
  explicit HookClock(WaitClock& inner) : inner_(inner) {}
  Seconds now() const override { return inner_.now(); }
  bool sleep_until(Seconds deadline, std::stop_token stop) override {
    if (hook_) {
      auto hook = std::move(hook_);
      hook_ = nullptr;
      hook();
    }
    return inner_.sleep_until(deadline, stop);
  }
  void on_next_wait(std::function<void()> hook) { hook_ = std::move(hook); }

 private:
  WaitClock& inner_;
  std::function<void()> hook_;
};

inline CompiledProfile bidirectional_profile(CounterSource counters = CounterSource::flow_stats) {
  TrafficProfile profile;
  profile.name = "test";
  profile.port_pairs = {{0, 1, true}};
  profile.frame_sizes = {{64, 1}};
  return compile_profile(profile, counters);
}

// The measurer's defaults without the prime run: a prime run would draw from the
// emulated SUT's random numbers, and these tests replay them in a reference model.
inline TrexMeasurerConfig unprimed() {
  TrexMeasurerConfig config;
  config.prime_duration = Seconds{0.0};
  return config;
}

// The emulator, a connected session with the profile loaded, and a measurer whose
// clock runs at the emulator's speed.
struct Rig {
  emu::EmulatorServer emulator;
  std::unique_ptr<TrexSession> session;
  SteadyWaitClock steady;
  HookClock clock{steady};
  std::unique_ptr<TrexMeasurer> measurer;

  explicit Rig(emu::EmulatorOptions options, TrexMeasurerConfig config = unprimed(),
               double rpc_timeout = 2.0)
      : emulator(options), steady(options.speed) {
    session = ::test_support::make_session(emulator, {0, 1}, "tester", false, rpc_timeout);
    session->connect();
    const CompiledProfile profile = bidirectional_profile(config.counters);
    session->load_streams(profile.ports);
    config.directions = profile.directions;
    measurer = std::make_unique<TrexMeasurer>(*session, config, clock);
  }
};

}  // namespace trexsearch::trex::measurer_rig
