#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bench/mlrsearch/model_spec.hpp"

namespace trexsearch::bench {

/// The options both MLRsearch benches take: `--seeds N`, `--model M` (repeatable),
/// `--details`.
struct BenchArgs {
  std::uint64_t seeds = 0;
  std::vector<ModelSpec> models;  ///< default_models() when none was given
  bool details = false;
};

/// Parses argv; on `--help` or an unknown argument prints `usage` to stderr and
/// returns the exit code in `exit_code` (0 for --help, 2 otherwise). Throws
/// ConfigError for a bad value.
std::optional<BenchArgs> parse_bench_args(int argc, char** argv, std::uint64_t default_seeds,
                                          const std::string& usage, int& exit_code);

/// The usage text: "usage: NAME [--seeds N] ..." with the default seed count.
std::string bench_usage(const std::string& name, std::uint64_t default_seeds);

}  // namespace trexsearch::bench
