#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "plr/stored_trial.hpp"

namespace trexsearch::plr::bench {

/// Options of the simulated soak SUT the benchmarks use (sim/ "soak": the stretch shape).
inline constexpr double kCapacityPps = 1e7;
inline constexpr double kSpreadPps = 1e5;
inline constexpr double kTargetLossRatio = 1e-7;
inline constexpr double kMinLoadPps = 9001.0;
inline constexpr double kMaxLoadPps = 1.488e7;

/// `count` trials as a converged soak search produces them: loads scattered within +-1 % of
/// the SUT's critical load, durations 5.1 s + 0.1 s per trial, counts from the simulated SUT.
std::shared_ptr<const std::vector<StoredTrial>> converged_soak_trials(std::size_t count,
                                                                      std::uint64_t seed);

/// The SUT's true critical load at the benchmark target.
double true_critical_load_pps();

}  // namespace trexsearch::plr::bench
