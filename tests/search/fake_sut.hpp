#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "measure/clock.hpp"
#include "measure/measurer.hpp"
#include "sim/box_muller.hpp"

namespace trexsearch::testing {

/// A deterministic SUT for controller tests: forwards at most `capacity_pps`
/// (optionally wobbling with sin(trial number)), optionally losing at least
/// `loss_floor` of every trial, and advancing a ManualClock by each trial.
class FakeSut final : public measure::Measurer {
 public:
  FakeSut(double capacity_pps, measure::ManualClock& clock)
      : capacity_pps_(capacity_pps), clock_(clock) {}

  FakeSut& wobbly() {
    wobbly_ = true;
    return *this;
  }
  /// Capacity (1 + relative) on odd-numbered trials, (1 - relative) on even ones.
  FakeSut& alternating(double relative) {
    alternating_ = relative;
    return *this;
  }
  /// Capacity times scripted[i] on trial i (0-based), for the first trials.
  FakeSut& scripted(std::vector<double> relative) {
    scripted_ = std::move(relative);
    return *this;
  }
  /// The tester reaches at most this rate: above it a trial offers this rate,
  /// counts the rest as unsent and is tester-limited (as TrexMeasurer says).
  FakeSut& tester_limit(double pps) {
    tester_limit_pps_ = pps;
    return *this;
  }
  /// The tester's reach varies from trial to trial (TRex sharing a core): on
  /// each trial it is the tester limit times (1 + relative * z), z a standard
  /// normal draw from a generator seeded with `seed` (sim::box_muller_normal).
  FakeSut& tester_spread(double relative, std::uint64_t seed) {
    tester_spread_ = relative;
    tester_random_.seed(seed);
    return *this;
  }
  FakeSut& loss_floor(double ratio) {
    loss_floor_ = ratio;
    return *this;
  }
  /// Absorbs this many excess frames per trial: short trials pass higher loads.
  FakeSut& buffer_frames(std::int64_t frames) {
    buffer_frames_ = frames;
    return *this;
  }

  measure::TrialOutcome measure(measure::Seconds duration, double load_pps,
                                std::stop_token) override {
    double capacity = capacity_pps_;
    if (wobbly_) capacity *= 1.0 + 0.01 * std::sin(static_cast<double>(trials_.size()) + 1.0);
    if (alternating_ > 0.0) {
      capacity *= trials_.size() % 2 == 0 ? 1.0 + alternating_ : 1.0 - alternating_;
    }
    if (trials_.size() < scripted_.size()) capacity *= scripted_[trials_.size()];
    const auto intended = static_cast<std::int64_t>(std::floor(load_pps * duration.count() + 0.5));
    const double reach_pps = tester_limit_pps_ * (1.0 + tester_spread_ * tester_draw());
    const bool limited = tester_limit_pps_ > 0.0 && load_pps > reach_pps;
    const auto offered =
        limited ? static_cast<std::int64_t>(std::floor(reach_pps * duration.count() + 0.5))
                : intended;
    const auto limit =
        static_cast<std::int64_t>(std::floor(capacity * duration.count() + 0.5)) + buffer_frames_;
    std::int64_t loss = std::max<std::int64_t>(0, offered - limit);
    if (loss_floor_ > 0.0) {
      loss = std::max(
          loss, static_cast<std::int64_t>(std::ceil(static_cast<double>(offered) * loss_floor_)));
    }
    trials_.push_back({load_pps, duration.count()});
    clock_.advance(duration);
    measure::TrialOutcome outcome;
    outcome.offered_count = offered;
    outcome.loss_count = loss;
    if (limited) {
      outcome.intended_count = intended;
      outcome.tester_limited_pps = reach_pps;
    }
    return outcome;
  }

  /// Every (load, duration) requested so far.
  const std::vector<std::array<double, 2>>& trials() const { return trials_; }

 private:
  /// A standard normal draw when the reach varies, else 0 (no draw).
  double tester_draw() {
    return tester_spread_ > 0.0 ? sim::box_muller_normal(tester_random_) : 0.0;
  }

  double capacity_pps_;
  measure::ManualClock& clock_;
  bool wobbly_ = false;
  double alternating_ = 0.0;
  double tester_limit_pps_ = 0.0;
  double tester_spread_ = 0.0;
  std::mt19937_64 tester_random_;
  std::vector<double> scripted_;
  double loss_floor_ = 0.0;
  std::int64_t buffer_frames_ = 0;
  std::vector<std::array<double, 2>> trials_;
};

}  // namespace trexsearch::testing
