#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>

#include "sim/sut_model.hpp"
#include "sim/sut_options.hpp"

namespace trexsearch::sim {

/// A SUT with a capacity C and rare interruptions: interruptions start at random
/// (a Poisson process of `event_rate_per_s`), and each one loses every frame
/// offered during `interruption_s`. Trials below C lose frames only when an
/// interruption hits them, so whether a load "passes" depends on the trial
/// duration and on how many lossy trials a goal tolerates (its exceed ratio).
/// True capacity: C (the load above which frames are lost besides interruptions).
class BurstySut final : public SutModel {
 public:
  static constexpr const char* name = "bursty";
  /// capacity_pps, event_rate_per_s, interruption_s.
  static std::span<const SutOptionSpec> option_specs();

  /// Throws ConfigError for unknown or out-of-range options.
  BurstySut(const SutOptions& options, std::uint64_t seed);

  measure::TrialOutcome trial(measure::Seconds duration, double load_pps) override;
  double expected_loss_ratio(double load_pps, measure::Seconds duration) const override;
  std::optional<double> true_capacity_pps() const override { return capacity_pps_; }
  std::string describe() const override;

 private:
  ValidatedOptions options_;
  double capacity_pps_;
  double event_rate_per_s_;
  measure::Seconds interruption_;
  std::uint64_t seed_;
  std::mt19937_64 random_;
};

}  // namespace trexsearch::sim
