#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace trexsearch::bench {

/// Percentiles of a set of latencies [ms].
struct LatencySummary {
  std::size_t count = 0;
  double p50_ms = 0.0;
  double p90_ms = 0.0;
  double p99_ms = 0.0;
  double p999_ms = 0.0;
  double max_ms = 0.0;
  /// Requests slower than the 50 ms target.
  std::size_t over_50ms = 0;
};

/// Sorts `samples_ms` and summarises it.
LatencySummary summarise(std::vector<double> samples_ms);

/// "n=12000 p50=0.21 p90=0.4 p99=1.1 p99.9=3.2 max=7.9 ms, 0 over 50 ms".
std::string describe(const LatencySummary& summary);

}  // namespace trexsearch::bench
