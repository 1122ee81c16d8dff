#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <stop_token>

#include "measure/clock.hpp"
#include "measure/errors.hpp"
#include "measure/measurer.hpp"
#include "plr/math/stretch_fit.hpp"
#include "plr/random.hpp"

namespace trexsearch::plr::test {

/// A soak SUT for the search tests: loss rate of the stretch shape with known parameters,
/// Poisson-like loss counts (normal approximation, good enough for a test) drawn from a
/// generator seeded by (seed, call index), so a resumed search sees the same SUT as an
/// uninterrupted one; a manual clock advanced by each trial's duration plus 0.5 s.
class FakeSoakMeasurer final : public measure::Measurer {
 public:
  FakeSoakMeasurer(measure::ManualClock& clock, double mrr_pps, double spread_pps,
                   std::uint64_t seed, int first_call = 0)
      : clock_(clock), truth_(mrr_pps, spread_pps), seed_(seed), calls_(first_call) {}

  measure::TrialOutcome measure(measure::Seconds duration, double load_pps,
                                std::stop_token stop) override {
    if (stop.stop_requested()) throw measure::MeasurementCancelled();
    if (before_trial) before_trial(calls_, stop);
    Random random(derive_seed(seed_, static_cast<std::uint64_t>(calls_), 0, 0));
    ++calls_;
    const double offered = std::round(load_pps * duration.count());
    const double mean = std::exp(truth_.log_loss_rate(load_pps)) / load_pps * offered;
    const double loss =
        std::clamp(std::round(mean + std::sqrt(mean) * random.normal_pair().first), 0.0, offered);
    clock_.advance(duration + measure::Seconds{0.5});
    measure::TrialOutcome outcome;
    outcome.offered_count = static_cast<std::int64_t>(offered);
    outcome.loss_count = static_cast<std::int64_t>(loss);
    return outcome;
  }

  /// Called with the 0-based call index before each trial (to inject failures or block).
  std::function<void(int, std::stop_token)> before_trial;
  int calls() const { return calls_; }
  const StretchFit& truth() const { return truth_; }

 private:
  measure::ManualClock& clock_;
  StretchFit truth_;
  std::uint64_t seed_;
  int calls_;
};

}  // namespace trexsearch::plr::test
