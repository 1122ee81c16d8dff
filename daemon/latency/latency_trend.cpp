#include "daemon/latency/latency_trend.hpp"

#include <algorithm>
#include <cmath>

namespace trexsearch::latency {
namespace {

struct Sample {
  double time_s = 0.0;
  double p99_us = 0.0;
};

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  if (n == 0) return 0.0;
  return n % 2 == 1 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

// Least squares slope of y on x; 0 when x does not vary.
double slope(const std::vector<Sample>& samples) {
  double mean_x = 0.0;
  double mean_y = 0.0;
  for (const Sample& s : samples) {
    mean_x += s.time_s;
    mean_y += s.p99_us;
  }
  mean_x /= static_cast<double>(samples.size());
  mean_y /= static_cast<double>(samples.size());
  double sxy = 0.0;
  double sxx = 0.0;
  for (const Sample& s : samples) {
    sxy += (s.time_s - mean_x) * (s.p99_us - mean_y);
    sxx += (s.time_s - mean_x) * (s.time_s - mean_x);
  }
  return sxx > 0.0 ? sxy / sxx : 0.0;
}

DirectionLatencyTrend judge(const std::string& name, const std::vector<Sample>& samples,
                            double resolution_us) {
  DirectionLatencyTrend trend;
  trend.direction = name;
  trend.points = samples.size();
  if (samples.size() < kMinTrendPoints) return trend;
  trend.judged = true;
  const std::size_t quarter = samples.size() / 4;
  std::vector<double> first;
  std::vector<double> last;
  for (std::size_t i = 0; i < quarter; ++i) {
    first.push_back(samples[i].p99_us);
    last.push_back(samples[samples.size() - quarter + i].p99_us);
  }
  trend.first_quarter_us = median(first);
  trend.last_quarter_us = median(last);
  trend.growth_us = trend.last_quarter_us - trend.first_quarter_us;
  // Pooled median absolute deviation, each quarter about its own median: a drift
  // between the quarters does not count as noise.
  std::vector<double> deviations;
  deviations.reserve(first.size() + last.size());
  for (const double v : first) deviations.push_back(std::abs(v - trend.first_quarter_us));
  for (const double v : last) deviations.push_back(std::abs(v - trend.last_quarter_us));
  const double resolution = std::max(resolution_us, 1.0);
  trend.noise_us = std::max(1.4826 * median(deviations), resolution);
  // The standard error of a median is about 1.2533 sigma / sqrt(n); the difference of
  // two independent ones sqrt(2) times that.
  const double stderr_us = 1.2533 * trend.noise_us * std::sqrt(2.0 / static_cast<double>(quarter));
  trend.threshold_us = std::max({3.0 * stderr_us, 0.1 * trend.first_quarter_us, 2.0 * resolution});
  trend.flagged = trend.growth_us > trend.threshold_us;
  trend.slope_us_per_hour = slope(samples) * 3600.0;
  return trend;
}

}  // namespace

bool LatencyTrend::flagged() const {
  return std::any_of(directions.begin(), directions.end(),
                     [](const DirectionLatencyTrend& d) { return d.flagged; });
}

LatencyTrend latency_trend(std::vector<LatencyAtTime> trials) {
  std::stable_sort(
      trials.begin(), trials.end(),
      [](const LatencyAtTime& a, const LatencyAtTime& b) { return a.time_s < b.time_s; });
  std::vector<std::string> names;
  std::vector<std::vector<Sample>> series;
  std::vector<double> resolution;
  for (const LatencyAtTime& trial : trials) {
    for (const measure::DirectionLatency& direction : trial.directions) {
      auto found = std::find(names.begin(), names.end(), direction.name);
      if (found == names.end()) {
        names.push_back(direction.name);
        series.emplace_back();
        resolution.push_back(0.0);
        found = names.end() - 1;
      }
      const auto index = static_cast<std::size_t>(found - names.begin());
      if (!direction.summary.p99_us) continue;
      series[index].push_back({trial.time_s, static_cast<double>(*direction.summary.p99_us)});
      resolution[index] =
          std::max(resolution[index], static_cast<double>(direction.summary.resolution_us));
    }
  }
  LatencyTrend trend;
  for (std::size_t i = 0; i < names.size(); ++i) {
    trend.directions.push_back(judge(names[i], series[i], resolution[i]));
  }
  return trend;
}

}  // namespace trexsearch::latency
