#pragma once

#include <optional>

#include "measure/units.hpp"
#include "sim/sut_model.hpp"

namespace trexsearch::sim {

/// The load at which the model's expected loss ratio for trials of `duration`
/// reaches `target_loss_ratio`: the largest load found (to 1e-12 relative) whose
/// expected loss ratio is at most the target, by bisection in log space over
/// [1, 1e12] frames/s. Assumes the ratio does not decrease with load (true for
/// every built-in model). None when even 1 frame/s loses more than the target or
/// 1e12 frames/s loses no more than it. Throws ConfigError for a target outside [0, 1).
std::optional<double> critical_load_pps(const SutModel& model, double target_loss_ratio,
                                        measure::Seconds duration);

}  // namespace trexsearch::sim
