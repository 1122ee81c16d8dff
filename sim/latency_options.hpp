#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <utility>

#include "sim/latency_model.hpp"
#include "sim/sut_model.hpp"
#include "sim/sut_options.hpp"

namespace trexsearch::sim {

/// The `latency_*` options in declaration order (latency_base_us, ...).
std::span<const SutOptionSpec> latency_option_specs();

/// True for names a model leaves to the latency model ("latency_" prefix).
bool is_latency_option(std::string_view name);

/// Splits a model's options into its own and the latency ones, validating the
/// latter (ConfigError "<model>.latency_x = value: ...", unknown latency_ names too).
std::pair<SutOptions, LatencyOptions> split_latency_options(std::string_view model,
                                                            const SutOptions& options,
                                                            std::uint64_t seed);

/// An independent seed for direction `direction` (0: "0->1", 1: "1->0") of the
/// latency draws, so they never share a sequence with the loss draws.
std::uint64_t latency_seed(std::uint64_t seed, std::uint32_t direction);

}  // namespace trexsearch::sim
