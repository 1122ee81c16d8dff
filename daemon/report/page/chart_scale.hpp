#pragma once

#include <limits>
#include <string>
#include <vector>

#include "daemon/report/page/svg_chart.hpp"

namespace trexsearch::report {

// The pieces every SVG chart of the report shares: ranges, round ticks, tick
// labels, coordinates and markers. Sizes are in viewBox units; charts are drawn
// 640 wide with 15-unit text, so a phone (390 px, about 0.55 scale) still shows
// 8-9 px text.

/// Chart geometry and type sizes shared by all charts.
inline constexpr int kChartWidth = 640;
inline constexpr int kChartHeight = 380;
inline constexpr double kPlotLeft = 84.0;
inline constexpr double kPlotRight = 16.0;
inline constexpr double kPlotTop = 34.0;
inline constexpr double kPlotBottom = 52.0;

/// A closed interval that grows to include values; empty until the first one.
struct Range {
  double low = std::numeric_limits<double>::infinity();
  double high = -std::numeric_limits<double>::infinity();

  void include(double value);
  bool empty() const { return low > high; }
};

/// Round tick steps (1, 2, 5 x 10^k) giving about `count` ticks.
double tick_step(const Range& range, int count);

/// The multiples of `step` within `range`, lowest first: where the ticks go. Each is
/// computed as k * step, not summed step by step, so rounding cannot drop the last.
std::vector<double> tick_values(const Range& range, double step);

/// Pads a range so markers do not sit on the frame; never empty or zero-width.
Range padded(Range range);

/// Tick labels: "1.25 M" rather than 1250000.
std::string short_number(double value, double step);

/// An SVG coordinate, one decimal.
std::string svg_number(double value);

/// A marker at (x, y) in `fill`, opened (close with marker_end after a <title>).
/// Triangles are hollow and a bit larger, so they read apart from circles in
/// print and for colour-blind readers.
std::string marker(MarkerShape shape, double x, double y, double radius, const std::string& fill);
std::string marker_end(MarkerShape shape);

/// The opening <svg> element of a chart with its title, both escaped.
std::string svg_open(int width, int height, const std::string& title);

}  // namespace trexsearch::report
