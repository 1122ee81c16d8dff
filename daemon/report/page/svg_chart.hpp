#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace trexsearch::report {

/// How a marker is drawn: a filled circle, or a hollow triangle for points that
/// must stand out whatever their colour (tester-limited trials).
enum class MarkerShape { circle, triangle };

/// One marker of a scatter chart.
struct ChartPoint {
  double x = 0.0;
  double y = 0.0;
  /// 0..1, mapped onto the colour scale (green -> amber -> red).
  double colour = 0.0;
  /// Marker radius in pixels.
  double radius = 3.0;
  /// Shown on hover (SVG <title>).
  std::string tooltip;
  MarkerShape shape = MarkerShape::circle;
};

/// A legend entry for a marker shape: the shape, then the label.
struct ChartMarkerLegend {
  MarkerShape shape = MarkerShape::circle;
  std::string label;
};

/// A horizontal band from y_low to y_high (a line when they are equal).
struct ChartBand {
  double y_low = 0.0;
  double y_high = 0.0;
  std::string label;
  /// CSS colour.
  std::string colour;
};

/// A connected series (for estimates over time), optionally with a +- band.
struct ChartSeries {
  std::vector<double> x;
  std::vector<double> y;
  std::vector<double> y_low;   ///< empty: no band
  std::vector<double> y_high;  ///< empty: no band
  std::string label;
  std::string colour;
  /// Drawn dashed (a lower bound against its solid upper bound).
  bool dashed = false;
  /// The band's legend entry, when there is a band.
  std::string band_label = "+-1 stdev";
};

/// A self-contained SVG chart: axes with ticks, markers, bands, series; its legend
/// and caption follow it as HTML.
/// No scripts, fonts or external references, so the file prints and mails well.
struct SvgChart {
  std::string title;
  std::string x_label;
  std::string y_label;
  std::vector<ChartPoint> points;
  std::vector<ChartBand> bands;
  std::vector<ChartSeries> series;
  /// Legend entries for marker shapes (drawn after the series' entries).
  std::vector<ChartMarkerLegend> marker_legend;
  /// When set, the y axis shows only this range and markers outside it are left
  /// out (a close-up); otherwise the range fits everything.
  std::optional<std::pair<double, double>> y_window;
  /// Text under the chart explaining colours and sizes.
  std::string caption;
  int width = 640;  ///< viewBox units (chart_scale.hpp: kChartWidth)
  int height = 380;

  std::string render() const;
};

/// Colour of the loss-ratio scale: 0 -> green, 1 -> red.
std::string scale_colour(double fraction);

/// Where a trial loss ratio sits on the colour scale: loss ratios matter across
/// many decades, so 0 is green, 1e-7 just off green, 1 red (log scale).
double loss_ratio_colour(double loss_ratio);

}  // namespace trexsearch::report
