#pragma once

#include <optional>
#include <span>
#include <string>

#include "sim/sut_model.hpp"
#include "sim/sut_options.hpp"

namespace trexsearch::sim {

/// A deterministic SUT with a hard forwarding capacity C: it forwards up to
/// round(C * duration) frames and loses the rest. True capacity: C.
class SharpSut final : public SutModel {
 public:
  static constexpr const char* name = "sharp";
  /// capacity_pps.
  static std::span<const SutOptionSpec> option_specs();

  /// Throws ConfigError for unknown or out-of-range options.
  explicit SharpSut(const SutOptions& options);

  measure::TrialOutcome trial(measure::Seconds duration, double load_pps) override;
  double expected_loss_ratio(double load_pps, measure::Seconds duration) const override;
  std::optional<double> true_capacity_pps() const override { return capacity_pps_; }
  std::string describe() const override;

 private:
  ValidatedOptions options_;
  double capacity_pps_;
};

}  // namespace trexsearch::sim
