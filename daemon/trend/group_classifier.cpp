// The grouping of CSIT's jumpavg (classify.py): of all ways to cut a series into
// consecutive groups, the one whose description (bit_counting.cpp) is shortest.
// Written here as a plain dynamic programme over prefixes, O(n^2) group_bits calls:
// a nightly series has hundreds of values at most.
#include "daemon/trend/group_classifier.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <optional>

namespace trexsearch::trend {
namespace {

/// Groups as [begin, end) ranges over `values`, shortest description first.
std::vector<std::pair<std::size_t, std::size_t>> best_cuts(std::span<const double> values,
                                                           const BitScale& scale) {
  const std::size_t n = values.size();
  // best[j]: the shortest description of the first j values; start[j]: where its
  // last group begins; last_avg[j]: that group's average (the next group's prior).
  std::vector<double> best(n + 1, std::numeric_limits<double>::infinity());
  std::vector<std::size_t> start(n + 1, 0);
  std::vector<double> last_avg(n + 1, 0.0);
  best[0] = 0.0;
  for (std::size_t end = 1; end <= n; ++end) {
    AvgStdevStats group;
    // Going down, `<=` prefers the earlier start on a tie: fewer, longer groups.
    for (std::size_t begin = end; begin-- > 0;) {
      group = group.with(values[begin]);
      const std::optional<double> previous =
          begin == 0 ? std::nullopt : std::optional<double>(last_avg[begin]);
      const double bits = best[begin] + group_bits(group, scale, previous);
      if (bits <= best[end]) {
        best[end] = bits;
        start[end] = begin;
        last_avg[end] = group.avg;
      }
    }
  }
  std::vector<std::pair<std::size_t, std::size_t>> cuts;
  for (std::size_t end = n; end > 0; end = start[end]) cuts.emplace_back(start[end], end);
  std::reverse(cuts.begin(), cuts.end());
  return cuts;
}

Verdict judge(double avg, double previous_avg) {
  if (avg < previous_avg) return Verdict::regression;
  if (avg > previous_avg) return Verdict::progression;
  return Verdict::normal;
}

}  // namespace

const char* to_string(Verdict verdict) {
  switch (verdict) {
    case Verdict::first:
      return "first";
    case Verdict::normal:
      return "normal";
    case Verdict::regression:
      return "regression";
    case Verdict::progression:
      return "progression";
  }
  return "?";
}

Verdict Classification::last_verdict() const {
  return groups.empty() ? Verdict::first : groups.back().verdict;
}

Classification classify_series(std::span<const double> values, const ClassifierSettings& settings) {
  scale_for(values, settings.significant_bits);  // validates every value
  // Indices (into `values`) still in play; outliers leave it one round at a time.
  std::vector<std::size_t> kept(values.size());
  for (std::size_t i = 0; i < kept.size(); ++i) kept[i] = i;
  Classification result;
  while (true) {
    std::vector<double> series;
    series.reserve(kept.size());
    for (std::size_t index : kept) series.push_back(values[index]);
    // The scale comes from the kept values: an outlier of 10x must not coarsen it.
    const auto cuts = best_cuts(series, scale_for(series, settings.significant_bits));
    std::vector<std::size_t> dropped;
    if (settings.drop_outliers) {
      for (std::size_t g = 1; g + 1 < cuts.size(); ++g) {
        if (cuts[g].second - cuts[g].first == 1) dropped.push_back(cuts[g].first);
      }
    }
    if (dropped.empty()) {
      result.groups.clear();
      for (std::size_t g = 0; g < cuts.size(); ++g) {
        TrendGroup group;
        group.first_index = kept[cuts[g].first];
        group.last_index = kept[cuts[g].second - 1];
        group.stats = AvgStdevStats::of(
            std::span<const double>(series).subspan(cuts[g].first, cuts[g].second - cuts[g].first));
        group.verdict =
            g == 0 ? Verdict::first : judge(group.stats.avg, result.groups.back().stats.avg);
        result.groups.push_back(group);
      }
      break;
    }
    // Drop from the back so the positions in `kept` stay valid.
    for (auto it = dropped.rbegin(); it != dropped.rend(); ++it) {
      result.outliers.push_back(kept[*it]);
      kept.erase(kept.begin() + static_cast<std::ptrdiff_t>(*it));
    }
  }
  std::sort(result.outliers.begin(), result.outliers.end());
  return result;
}

}  // namespace trexsearch::trend
