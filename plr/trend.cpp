#include "plr/trend.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace trexsearch::plr {

bool Trend::significant() const { return std::fabs(slope_per_hour) > 2.0 * slope_stderr_per_hour; }

std::optional<Trend> estimate_trend(std::span<const PlrTrial> trials, double window_fraction) {
  if (trials.empty()) return std::nullopt;
  const double end = trials.back().finished_at.count();
  const double start = end * (1.0 - window_fraction);
  std::vector<double> hours;
  std::vector<double> logs;
  double log_stdev_sum = 0.0;
  for (const PlrTrial& trial : trials) {
    if (!trial.estimate || trial.finished_at.count() < start) continue;
    hours.push_back(trial.finished_at.count() / 3600.0);
    logs.push_back(std::log(trial.estimate->average_pps));
    log_stdev_sum += trial.estimate->log_stdev;
  }
  const std::size_t n = hours.size();
  if (n < 5) return std::nullopt;
  double mean_t = 0.0;
  double mean_y = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    mean_t += hours[i];
    mean_y += logs[i];
  }
  mean_t /= static_cast<double>(n);
  mean_y /= static_cast<double>(n);
  double stt = 0.0;
  double sty = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    stt += (hours[i] - mean_t) * (hours[i] - mean_t);
    sty += (hours[i] - mean_t) * (logs[i] - mean_y);
  }
  if (!(stt > 0.0)) return std::nullopt;
  Trend trend;
  trend.slope_per_hour = sty / stt;
  double sum_sq = 0.0;
  double sum_lag = 0.0;
  double previous = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double residual = logs[i] - mean_y - trend.slope_per_hour * (hours[i] - mean_t);
    sum_sq += residual * residual;
    if (i > 0) sum_lag += residual * previous;
    previous = residual;
  }
  const double rho = sum_sq > 0.0 ? std::clamp(sum_lag / sum_sq, 0.0, 0.95) : 0.0;
  const double stderr_plain = std::sqrt(sum_sq / static_cast<double>(n - 2) / stt);
  trend.regression_stderr_per_hour = stderr_plain * std::sqrt((1.0 + rho) / (1.0 - rho));
  const double window_hours = hours.back() - hours.front();
  trend.estimate_stderr_per_hour = log_stdev_sum / static_cast<double>(n) / window_hours;
  trend.slope_stderr_per_hour =
      std::hypot(trend.regression_stderr_per_hour, trend.estimate_stderr_per_hour);
  trend.points = n;
  trend.window_start = measure::Seconds(hours.front() * 3600.0);
  trend.window_end = measure::Seconds(hours.back() * 3600.0);
  return trend;
}

}  // namespace trexsearch::plr
