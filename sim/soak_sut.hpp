#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>

#include "sim/sut_model.hpp"
#include "sim/sut_options.hpp"

namespace trexsearch::sim {

/// A SUT for soak searches (PLRsearch): frames are lost at a smooth expected rate
///   f(L) = s * (softplus((L - C) / s) - softplus(-C / s))  [frames/s],
/// softplus(x) = ln(1 + e^x): negligible far below C, about L - C far above it,
/// f(0) = 0 and f(L) <= L. Each trial loses N ~ Poisson(f(L) * d) frames (at most
/// the offered ones). The curve is the PLRsearch "stretch" shape, so the critical
/// load for any target loss ratio is known exactly (critical_load_pps()).
class SoakSut final : public SutModel {
 public:
  static constexpr const char* name = "soak";
  /// capacity_pps, spread_pps.
  static std::span<const SutOptionSpec> option_specs();

  /// Throws ConfigError for unknown or out-of-range options.
  SoakSut(const SutOptions& options, std::uint64_t seed);

  measure::TrialOutcome trial(measure::Seconds duration, double load_pps) override;
  double expected_loss_ratio(double load_pps, measure::Seconds duration) const override;
  /// None: some loss is expected at every load; use critical_load_pps().
  std::optional<double> true_capacity_pps() const override { return std::nullopt; }
  std::string describe() const override;
  /// C: the loss rate turns linear there, and queues fill.
  double service_capacity_pps() const override { return capacity_pps_; }

  /// f(L): expected lost frames per second at this load.
  double loss_rate_pps(double load_pps) const;

 private:
  ValidatedOptions options_;
  double capacity_pps_;
  double spread_pps_;
  std::uint64_t seed_;
  std::mt19937_64 random_;
};

}  // namespace trexsearch::sim
