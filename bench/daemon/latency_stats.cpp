#include "latency_stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace trexsearch::bench {

LatencySummary summarise(std::vector<double> samples_ms) {
  LatencySummary summary;
  summary.count = samples_ms.size();
  if (samples_ms.empty()) return summary;
  std::sort(samples_ms.begin(), samples_ms.end());
  const auto at = [&](double quantile) {
    const auto index = static_cast<std::size_t>(
        std::ceil(quantile * static_cast<double>(samples_ms.size())) - 1.0);
    return samples_ms[std::min(index, samples_ms.size() - 1)];
  };
  summary.p50_ms = at(0.5);
  summary.p90_ms = at(0.9);
  summary.p99_ms = at(0.99);
  summary.p999_ms = at(0.999);
  summary.max_ms = samples_ms.back();
  summary.over_50ms = static_cast<std::size_t>(
      samples_ms.end() - std::upper_bound(samples_ms.begin(), samples_ms.end(), 50.0));
  return summary;
}

std::string describe(const LatencySummary& summary) {
  char text[200];
  std::snprintf(text, sizeof text,
                "n=%zu p50=%.3f p90=%.3f p99=%.3f p99.9=%.3f max=%.3f ms, %zu over 50 ms",
                summary.count, summary.p50_ms, summary.p90_ms, summary.p99_ms, summary.p999_ms,
                summary.max_ms, summary.over_50ms);
  return text;
}

}  // namespace trexsearch::bench
