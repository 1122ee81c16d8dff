#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>

#include "sim/sut_model.hpp"
#include "sim/sut_options.hpp"

namespace trexsearch::sim {

/// A SUT with a background loss floor: every offered frame is lost independently
/// with probability f, and of the survivors at most round(C * duration) are
/// forwarded. With f > 0 no load is loss-free (NDR undefined, no true capacity),
/// while a goal with loss ratio above f still finds C.
class LossySut final : public SutModel {
 public:
  static constexpr const char* name = "lossy";
  /// capacity_pps, background_loss_ratio.
  static std::span<const SutOptionSpec> option_specs();

  /// Throws ConfigError for unknown or out-of-range options.
  LossySut(const SutOptions& options, std::uint64_t seed);

  measure::TrialOutcome trial(measure::Seconds duration, double load_pps) override;
  double expected_loss_ratio(double load_pps, measure::Seconds duration) const override;
  /// C when background_loss_ratio is 0, else none.
  std::optional<double> true_capacity_pps() const override;
  std::string describe() const override;
  /// C, also when background loss leaves no true capacity.
  double service_capacity_pps() const override { return capacity_pps_; }

 private:
  ValidatedOptions options_;
  double capacity_pps_;
  double background_loss_ratio_;
  std::uint64_t seed_;
  std::mt19937_64 random_;
};

}  // namespace trexsearch::sim
