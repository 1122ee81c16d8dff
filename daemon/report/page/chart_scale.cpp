#include "daemon/report/page/chart_scale.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "daemon/report/page/html_text.hpp"

namespace trexsearch::report {
namespace {

/// More ticks than any chart draws: a bound for a degenerate step.
constexpr double kMaxTicks = 1000.0;

}  // namespace

void Range::include(double value) {
  if (!std::isfinite(value)) return;
  low = std::min(low, value);
  high = std::max(high, value);
}

double tick_step(const Range& range, int count) {
  const double raw = (range.high - range.low) / count;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  for (double factor : {1.0, 2.0, 5.0, 10.0}) {
    if (raw <= factor * magnitude) return factor * magnitude;
  }
  return 10.0 * magnitude;
}

std::vector<double> tick_values(const Range& range, double step) {
  std::vector<double> ticks;
  if (range.empty() || !(step > 0.0) || !std::isfinite(range.high - range.low)) return ticks;
  // A high end that is a multiple of step up to rounding still gets its tick.
  const double first = std::ceil(range.low / step);
  const double last = std::floor(range.high / step + 1e-9);
  if (!(last >= first)) return ticks;
  const auto count = static_cast<std::size_t>(std::min(last - first + 1.0, kMaxTicks));
  for (std::size_t i = 0; i < count; ++i) ticks.push_back((first + static_cast<double>(i)) * step);
  return ticks;
}

Range padded(Range range) {
  if (range.empty()) return {0.0, 1.0};
  if (range.high == range.low) {
    const double pad = range.low == 0.0 ? 1.0 : std::fabs(range.low) * 0.05;
    return {range.low - pad, range.high + pad};
  }
  const double pad = (range.high - range.low) * 0.06;
  return {range.low - pad, range.high + pad};
}

std::string short_number(double value, double step) {
  const double magnitude = std::fabs(value);
  const char* suffix = "";
  double scaled = value;
  double scaled_step = step;
  if (magnitude >= 1e9) {
    suffix = " G";
    scaled /= 1e9;
    scaled_step /= 1e9;
  } else if (magnitude >= 1e6) {
    suffix = " M";
    scaled /= 1e6;
    scaled_step /= 1e6;
  } else if (magnitude >= 1e4) {
    suffix = " k";
    scaled /= 1e3;
    scaled_step /= 1e3;
  }
  const int decimals =
      scaled_step >= 1.0 ? 0 : static_cast<int>(std::ceil(-std::log10(scaled_step) - 1e-9));
  if (std::fabs(scaled) < scaled_step * 1e-6) scaled = 0.0;  // no "-0"
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.*f%s", std::clamp(decimals, 0, 6), scaled, suffix);
  return buffer;
}

std::string svg_number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", value);
  return buffer;
}

std::string marker(MarkerShape shape, double x, double y, double radius, const std::string& fill) {
  if (shape == MarkerShape::circle) {
    return "<circle cx=\"" + svg_number(x) + "\" cy=\"" + svg_number(y) + "\" r=\"" +
           svg_number(radius) + "\" fill=\"" + fill + "\">";
  }
  const double r = radius + 1.5;
  return "<polygon points=\"" + svg_number(x) + "," + svg_number(y - r) + " " + svg_number(x - r) +
         "," + svg_number(y + r * 0.8) + " " + svg_number(x + r) + "," + svg_number(y + r * 0.8) +
         "\" fill=\"none\" stroke=\"" + fill + "\" stroke-width=\"2\">";
}

std::string marker_end(MarkerShape shape) {
  return shape == MarkerShape::circle ? "</circle>" : "</polygon>";
}

std::string svg_open(int width, int height, const std::string& title) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 " +
         std::to_string(width) + " " + std::to_string(height) + "\" role=\"img\">\n<title>" +
         escape_html(title) + "</title>\n<text x=\"" + svg_number(kPlotLeft) +
         "\" y=\"20\" class=\"chart-title\">" + escape_html(title) + "</text>\n";
}

}  // namespace trexsearch::report
