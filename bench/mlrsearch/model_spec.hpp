#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/sut_options.hpp"

namespace trexsearch::bench {

/// A model to run, with options from the command line.
struct ModelSpec {
  /// As given, e.g. "noisy:noise=0.01"; names the model in the tables.
  std::string label;
  std::string name;
  sim::SutOptions options;
};

/// "noisy:noise=0.01:capacity_pps=2e6" -> name and options; throws ConfigError.
ModelSpec parse_model(const std::string& text);

/// Spreads capacities over 1 .. 14 Mfps (log scale, golden-ratio sequence) so that
/// deterministic models do not get one lucky or unlucky grid position for every seed.
double capacity_for_seed(std::uint64_t seed);

/// The benchmarks' default models: sharp, noisy, noisy:noise=0.01, lossy, bursty,
/// duration_dependent.
std::vector<ModelSpec> default_models();

}  // namespace trexsearch::bench
