#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>

#include "sim/sut_model.hpp"
#include "sim/sut_options.hpp"

namespace trexsearch::sim {

/// A SUT whose capacity varies from trial to trial: each trial forwards up to
/// round(c * duration) frames with c = max(0, C * (1 + noise * z)), z ~ N(0, 1).
/// True capacity: C, the load up to which the median trial loses nothing.
class NoisySut final : public SutModel {
 public:
  static constexpr const char* name = "noisy";
  /// capacity_pps, noise.
  static std::span<const SutOptionSpec> option_specs();

  /// Throws ConfigError for unknown or out-of-range options.
  NoisySut(const SutOptions& options, std::uint64_t seed);

  measure::TrialOutcome trial(measure::Seconds duration, double load_pps) override;
  /// Exact up to rounding to whole frames (at most one frame per trial).
  double expected_loss_ratio(double load_pps, measure::Seconds duration) const override;
  std::optional<double> true_capacity_pps() const override { return capacity_pps_; }
  std::string describe() const override;

 private:
  ValidatedOptions options_;
  double capacity_pps_;
  double noise_;
  std::uint64_t seed_;
  std::mt19937_64 random_;
  std::normal_distribution<double> standard_normal_{0.0, 1.0};
};

}  // namespace trexsearch::sim
