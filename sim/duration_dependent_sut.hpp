#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "sim/sut_model.hpp"
#include "sim/sut_options.hpp"

namespace trexsearch::sim {

/// A deterministic SUT with a long-term capacity C and a buffer that absorbs the
/// first B excess frames of every trial: it loses max(0, offered - round(C * d) - B).
/// Short trials therefore see a higher capacity, C + B / d, than long ones.
/// True capacity: C (the limit for long trials).
class DurationDependentSut final : public SutModel {
 public:
  static constexpr const char* name = "duration_dependent";
  /// capacity_pps, buffer_frames.
  static std::span<const SutOptionSpec> option_specs();

  /// Throws ConfigError for unknown or out-of-range options.
  explicit DurationDependentSut(const SutOptions& options);

  measure::TrialOutcome trial(measure::Seconds duration, double load_pps) override;
  double expected_loss_ratio(double load_pps, measure::Seconds duration) const override;
  std::optional<double> true_capacity_pps() const override { return capacity_pps_; }
  std::string describe() const override;

 private:
  std::int64_t lost_frames(std::int64_t offered, measure::Seconds duration) const;

  ValidatedOptions options_;
  double capacity_pps_;
  std::int64_t buffer_frames_;
};

}  // namespace trexsearch::sim
