#include "daemon/report/page/loss_ratio_chart.hpp"

#include <algorithm>
#include <cmath>

#include "daemon/report/page/chart_legend.hpp"
#include "daemon/report/page/chart_scale.hpp"
#include "daemon/report/page/html_text.hpp"

namespace trexsearch::report {
namespace {

// The floor line sits this far under the lowest decade's tick, with a gap in the
// axis between them, so it cannot be read as one more decade.
constexpr double kFloorGap = 26.0;
constexpr const char* kFloorColour = "#666";

std::string decade_label(int exponent) {
  if (exponent == 0) return "1";
  return "1e" + std::to_string(exponent);
}

}  // namespace

int lowest_decade(const LossRatioChart& chart) {
  double smallest = 1.0;
  bool any = false;
  for (const LossPoint& point : chart.points) {
    if (point.loss_ratio > 0.0) smallest = std::min(smallest, point.loss_ratio), any = true;
  }
  for (const LossLine& line : chart.lines) {
    if (line.loss_ratio > 0.0) smallest = std::min(smallest, line.loss_ratio), any = true;
  }
  if (!any) return -8;
  const int decade = static_cast<int>(std::floor(std::log10(smallest) + 1e-9)) - 1;
  // At least three decades, so an axis of full losses only still reads as a log axis.
  return std::clamp(decade, -15, -3);
}

std::string LossRatioChart::render() const {
  const int low = lowest_decade(*this);
  Range xs;
  for (const LossPoint& point : points) xs.include(point.x);
  const Range x_range = padded(xs);
  const double plot_width = width - kPlotLeft - kPlotRight;
  const double plot_bottom = height - kPlotBottom;
  const double floor_y = plot_bottom - 8.0;
  const double decades_bottom = floor_y - kFloorGap;
  const auto px = [&](double x) {
    return kPlotLeft + (x - x_range.low) / (x_range.high - x_range.low) * plot_width;
  };
  // Loss ratios above 1 (impossible but for rounding) are drawn at 1.
  const auto py = [&](double ratio) {
    if (ratio <= 0.0) return floor_y;
    const double exponent = std::clamp(std::log10(ratio), static_cast<double>(low), 0.0);
    return kPlotTop + (exponent / low) * (decades_bottom - kPlotTop);
  };

  std::string svg = svg_open(width, height, title);
  svg += "<rect x=\"" + svg_number(kPlotLeft) + "\" y=\"" + svg_number(kPlotTop) + "\" width=\"" +
         svg_number(plot_width) + "\" height=\"" + svg_number(plot_bottom - kPlotTop) +
         "\" class=\"frame\"/>\n";
  // One tick per decade; every other label when there are many, so they do not collide.
  const int label_every = -low > 8 ? 2 : 1;
  for (int exponent = 0; exponent >= low; --exponent) {
    const double y = py(std::pow(10.0, exponent));
    svg += "<line x1=\"" + svg_number(kPlotLeft) + "\" x2=\"" + svg_number(kPlotLeft + plot_width) +
           "\" y1=\"" + svg_number(y) + "\" y2=\"" + svg_number(y) + "\" class=\"grid\"/>";
    if (exponent % label_every == 0) {
      svg += "<text x=\"" + svg_number(kPlotLeft - 6) + "\" y=\"" + svg_number(y + 5) +
             "\" class=\"tick\" text-anchor=\"end\">" + decade_label(exponent) + "</text>";
    }
    svg += "\n";
  }
  // The floor: a solid line labelled 0, the axis broken above it.
  svg += "<line x1=\"" + svg_number(kPlotLeft) + "\" x2=\"" + svg_number(kPlotLeft + plot_width) +
         "\" y1=\"" + svg_number(floor_y) + "\" y2=\"" + svg_number(floor_y) + "\" stroke=\"" +
         kFloorColour + "\" stroke-width=\"1.5\" class=\"floor\"/>";
  svg += "<text x=\"" + svg_number(kPlotLeft - 6) + "\" y=\"" + svg_number(floor_y + 5) +
         "\" class=\"tick\" text-anchor=\"end\">0</text>";
  svg += "<line x1=\"" + svg_number(kPlotLeft - 5) + "\" x2=\"" + svg_number(kPlotLeft + 5) +
         "\" y1=\"" + svg_number(decades_bottom + kFloorGap / 2 - 3) + "\" y2=\"" +
         svg_number(decades_bottom + kFloorGap / 2 + 3) + "\" stroke=\"#999\"/>\n";
  const double x_step = tick_step(x_range, 6);
  for (const double x : tick_values(x_range, x_step)) {
    svg += "<line y1=\"" + svg_number(kPlotTop) + "\" y2=\"" + svg_number(plot_bottom) +
           "\" x1=\"" + svg_number(px(x)) + "\" x2=\"" + svg_number(px(x)) + "\" class=\"grid\"/>";
    svg += "<text x=\"" + svg_number(px(x)) + "\" y=\"" + svg_number(plot_bottom + 19) +
           "\" class=\"tick\" text-anchor=\"middle\">" + short_number(x, x_step) + "</text>\n";
  }
  svg += "<text x=\"" + svg_number(kPlotLeft + plot_width / 2) + "\" y=\"" +
         svg_number(height - 8.0) + "\" class=\"axis\" text-anchor=\"middle\">" +
         escape_html(x_label) + "</text>\n";
  svg += "<text transform=\"translate(18," + svg_number((kPlotTop + plot_bottom) / 2) +
         ") rotate(-90)\" class=\"axis\" text-anchor=\"middle\">loss ratio (log scale)</text>\n";

  std::vector<LegendEntry> legend;
  for (const LossLine& line : lines) {
    const double y = py(line.loss_ratio);
    svg += "<line x1=\"" + svg_number(kPlotLeft) + "\" x2=\"" + svg_number(kPlotLeft + plot_width) +
           "\" y1=\"" + svg_number(y) + "\" y2=\"" + svg_number(y) + "\" stroke=\"" + line.colour +
           "\" stroke-width=\"2.5\" stroke-dasharray=\"8 4\"><title>" + escape_html(line.label) +
           "</title></line>\n";
    legend.push_back({LegendSwatch::dashed_line, line.colour, line.label});
  }
  bool on_floor = false;
  bool shapes[2] = {false, false};
  for (const LossPoint& point : points) {
    on_floor = on_floor || point.loss_ratio <= 0.0;
    shapes[point.shape == MarkerShape::circle ? 0 : 1] = true;
    svg += marker(point.shape, px(point.x), py(point.loss_ratio), point.radius,
                  scale_colour(loss_ratio_colour(point.loss_ratio))) +
           "<title>" + escape_html(point.tooltip) + "</title>" + marker_end(point.shape) + "\n";
  }
  svg += "</svg>\n";
  if (shapes[0]) {
    legend.push_back({LegendSwatch::circle, scale_colour(0.6),
                      "trial (colour: its loss ratio, green none to red all)"});
  }
  if (shapes[1]) {
    legend.push_back(
        {LegendSwatch::triangle, scale_colour(1.0), "tester-limited trial (counted as full loss)"});
  }
  if (on_floor || !lines.empty()) {
    legend.push_back({LegendSwatch::floor, kFloorColour,
                      "floor line: loss ratio 0 (no frame lost), drawn under the log axis "
                      "because log(0) does not exist"});
  }
  svg += legend_html(legend);
  if (!caption.empty()) svg += "<p class=\"caption\">" + escape_html(caption) + "</p>\n";
  return svg;
}

}  // namespace trexsearch::report
