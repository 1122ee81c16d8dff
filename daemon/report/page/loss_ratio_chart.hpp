#pragma once

#include <string>
#include <vector>

#include "daemon/report/page/svg_chart.hpp"

namespace trexsearch::report {

/// One trial on a loss-ratio chart.
struct LossPoint {
  double x = 0.0;
  double loss_ratio = 0.0;
  /// Marker radius in viewBox units.
  double radius = 4.0;
  std::string tooltip;
  MarkerShape shape = MarkerShape::circle;
};

/// A horizontal line at a loss ratio: a goal's or the soak's target.
struct LossLine {
  double loss_ratio = 0.0;
  std::string label;
  std::string colour;
};

/// Trial loss ratios on a log axis (decades 10^-k .. 1). Loss ratios that matter
/// span many decades (NDR 0, PDR 5e-3, a soak's 1e-7), which a linear axis
/// squashes into one line. log(0) does not exist, so loss-free trials (and those
/// with more frames received than sent) sit on a separate floor line under the
/// lowest decade, and the legend says so; a goal of loss ratio 0 is that floor.
struct LossRatioChart {
  std::string title;
  std::string x_label;
  std::vector<LossPoint> points;
  std::vector<LossLine> lines;
  /// Text under the chart and its legend.
  std::string caption;
  int width = 640;
  int height = 380;

  std::string render() const;
};

/// The lowest decade the chart's log axis shows (10^result): one below the
/// smallest positive loss ratio among points and lines (1e-8 when there is none),
/// at least 1e-3, never below 1e-15.
int lowest_decade(const LossRatioChart& chart);

}  // namespace trexsearch::report
