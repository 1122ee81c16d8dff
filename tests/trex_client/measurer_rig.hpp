#pragma once
// The measurer tests' rig: the emulator, a connected session with a bidirectional
// profile loaded, and a measurer whose clock can run a hook mid-trial.
#include <functional>
#include <memory>
#include <stop_token>
#include <utility>

#include "measure/trial_result.hpp"
#include "sim/sut_model.hpp"
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

// What the emulator's SUT does: one model per direction, seeded seed + tx port.
struct ReferenceSut {
  std::unique_ptr<sim::SutModel> forward;
  std::unique_ptr<sim::SutModel> reverse;

  explicit ReferenceSut(const emu::EmulatorOptions& options)
      : forward(sim::make_sut(options.sut_model, options.sut_options, options.seed)),
        reverse(sim::make_sut(options.sut_model, options.sut_options, options.seed + 1)) {}

  measure::TrialOutcome trial(measure::Seconds duration, double load) {
    const measure::TrialOutcome a = forward->trial(duration, load);
    const measure::TrialOutcome b = reverse->trial(duration, load);
    measure::TrialOutcome both;
    both.offered_count = a.offered_count + b.offered_count;
    both.loss_count = a.loss_count + b.loss_count;
    return both;
  }
};

inline emu::EmulatorOptions noisy_options(double speed) {
  emu::EmulatorOptions options = ::test_support::emulator_options(speed);
  options.sut_model = "noisy";
  options.sut_options = {{"capacity_pps", 1e6}, {"noise", 0.02}};
  options.seed = 42;
  return options;
}

// The SUT trials the emulator ran for the last trial besides the one it counts: a run
// whose TX end TRex's clock could not verify (a loaded machine: ASan beside other tests)
// is run again (docs/trials.md), and the SUT saw that run too. The reference skips them.
inline void skip_unverified_runs(const TrexMeasurer& measurer, ReferenceSut& reference,
                                 measure::Seconds duration, double load) {
  for (std::size_t i = 0; i < measurer.last_trial().unverified_notes.size(); ++i) {
    reference.trial(duration, load);
  }
}

inline void skip_unverified_runs(const Rig& rig, ReferenceSut& reference, measure::Seconds duration,
                                 double load) {
  skip_unverified_runs(*rig.measurer, reference, duration, load);
}

}  // namespace trexsearch::trex::measurer_rig
