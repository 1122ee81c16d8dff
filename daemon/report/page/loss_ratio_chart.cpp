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

namespace {

/// The chart's geometry: x onto pixels, and loss ratios onto the log axis with
/// its floor line for 0.
struct LossPlot {
  int low_decade = -8;
  Range x_range;
  double width = 0.0;
  double bottom = 0.0;
  double floor_y = 0.0;
  double decades_bottom = 0.0;

  double px(double x) const {
    return kPlotLeft + (x - x_range.low) / (x_range.high - x_range.low) * width;
  }
  /// Loss ratios above 1 (impossible but for rounding) are drawn at 1.
  double py(double ratio) const {
    if (ratio <= 0.0) return floor_y;
    const double exponent = std::clamp(std::log10(ratio), static_cast<double>(low_decade), 0.0);
    return kPlotTop + (exponent / low_decade) * (decades_bottom - kPlotTop);
  }
};

LossPlot loss_plot(const LossRatioChart& chart) {
  LossPlot plot;
  plot.low_decade = lowest_decade(chart);
  Range xs;
  for (const LossPoint& point : chart.points) xs.include(point.x);
  plot.x_range = padded(xs);
  plot.width = chart.width - kPlotLeft - kPlotRight;
  plot.bottom = chart.height - kPlotBottom;
  plot.floor_y = plot.bottom - 8.0;
  plot.decades_bottom = plot.floor_y - kFloorGap;
  return plot;
}

/// The frame, one grid line per decade, the floor line with the axis broken
/// above it, the x grid and both axis labels.
std::string loss_axes_svg(const LossRatioChart& chart, const LossPlot& plot) {
  std::string svg = "<rect x=\"" + svg_number(kPlotLeft) + "\" y=\"" + svg_number(kPlotTop) +
                    "\" width=\"" + svg_number(plot.width) + "\" height=\"" +
                    svg_number(plot.bottom - kPlotTop) + "\" class=\"frame\"/>\n";
  // Every other label when there are many decades, so they do not collide.
  const int label_every = -plot.low_decade > 8 ? 2 : 1;
  for (int exponent = 0; exponent >= plot.low_decade; --exponent) {
    const double y = plot.py(std::pow(10.0, exponent));
    svg += "<line x1=\"" + svg_number(kPlotLeft) + "\" x2=\"" + svg_number(kPlotLeft + plot.width) +
           "\" y1=\"" + svg_number(y) + "\" y2=\"" + svg_number(y) + "\" class=\"grid\"/>";
    if (exponent % label_every == 0) {
      svg += "<text x=\"" + svg_number(kPlotLeft - 6) + "\" y=\"" + svg_number(y + 5) +
             "\" class=\"tick\" text-anchor=\"end\">" + decade_label(exponent) + "</text>";
    }
    svg += "\n";
  }
  svg += "<line x1=\"" + svg_number(kPlotLeft) + "\" x2=\"" + svg_number(kPlotLeft + plot.width) +
         "\" y1=\"" + svg_number(plot.floor_y) + "\" y2=\"" + svg_number(plot.floor_y) +
         "\" stroke=\"" + kFloorColour + "\" stroke-width=\"1.5\" class=\"floor\"/>";
  svg += "<text x=\"" + svg_number(kPlotLeft - 6) + "\" y=\"" + svg_number(plot.floor_y + 5) +
         "\" class=\"tick\" text-anchor=\"end\">0</text>";
  svg += "<line x1=\"" + svg_number(kPlotLeft - 5) + "\" x2=\"" + svg_number(kPlotLeft + 5) +
         "\" y1=\"" + svg_number(plot.decades_bottom + kFloorGap / 2 - 3) + "\" y2=\"" +
         svg_number(plot.decades_bottom + kFloorGap / 2 + 3) + "\" stroke=\"#999\"/>\n";
  const double x_step = tick_step(plot.x_range, 6);
  for (const double x : tick_values(plot.x_range, x_step)) {
    svg += "<line y1=\"" + svg_number(kPlotTop) + "\" y2=\"" + svg_number(plot.bottom) +
           "\" x1=\"" + svg_number(plot.px(x)) + "\" x2=\"" + svg_number(plot.px(x)) +
           "\" class=\"grid\"/>";
    svg += "<text x=\"" + svg_number(plot.px(x)) + "\" y=\"" + svg_number(plot.bottom + 19) +
           "\" class=\"tick\" text-anchor=\"middle\">" + short_number(x, x_step) + "</text>\n";
  }
  svg += "<text x=\"" + svg_number(kPlotLeft + plot.width / 2) + "\" y=\"" +
         svg_number(chart.height - 8.0) + "\" class=\"axis\" text-anchor=\"middle\">" +
         escape_html(chart.x_label) + "</text>\n";
  svg += "<text transform=\"translate(18," + svg_number((kPlotTop + plot.bottom) / 2) +
         ") rotate(-90)\" class=\"axis\" text-anchor=\"middle\">loss ratio (log scale)</text>\n";
  return svg;
}

/// The legend's entries for the markers drawn and the floor line.
void add_marker_legend(const LossRatioChart& chart, std::vector<LegendEntry>& legend) {
  bool on_floor = false;
  bool shapes[2] = {false, false};
  for (const LossPoint& point : chart.points) {
    on_floor = on_floor || point.loss_ratio <= 0.0;
    shapes[point.shape == MarkerShape::circle ? 0 : 1] = true;
  }
  if (shapes[0]) {
    legend.push_back({LegendSwatch::circle, scale_colour(0.6),
                      "trial (colour: its loss ratio, green none to red all)"});
  }
  if (shapes[1]) {
    legend.push_back(
        {LegendSwatch::triangle, scale_colour(1.0), "tester-limited trial (counted as full loss)"});
  }
  if (on_floor || !chart.lines.empty()) {
    legend.push_back({LegendSwatch::floor, kFloorColour,
                      "floor line: loss ratio 0 (no frame lost), drawn under the log axis "
                      "because log(0) does not exist"});
  }
}

}  // namespace

std::string LossRatioChart::render() const {
  const LossPlot plot = loss_plot(*this);
  std::string svg = svg_open(width, height, title) + loss_axes_svg(*this, plot);
  std::vector<LegendEntry> legend;
  for (const LossLine& line : lines) {
    const double y = plot.py(line.loss_ratio);
    svg += "<line x1=\"" + svg_number(kPlotLeft) + "\" x2=\"" + svg_number(kPlotLeft + plot.width) +
           "\" y1=\"" + svg_number(y) + "\" y2=\"" + svg_number(y) + "\" stroke=\"" + line.colour +
           "\" stroke-width=\"2.5\" stroke-dasharray=\"8 4\"><title>" + escape_html(line.label) +
           "</title></line>\n";
    legend.push_back({LegendSwatch::dashed_line, line.colour, line.label});
  }
  for (const LossPoint& point : points) {
    svg += marker(point.shape, plot.px(point.x), plot.py(point.loss_ratio), point.radius,
                  scale_colour(loss_ratio_colour(point.loss_ratio))) +
           "<title>" + escape_html(point.tooltip) + "</title>" + marker_end(point.shape) + "\n";
  }
  add_marker_legend(*this, legend);
  svg += "</svg>\n" + legend_html(legend);
  if (!caption.empty()) svg += "<p class=\"caption\">" + escape_html(caption) + "</p>\n";
  return svg;
}

}  // namespace trexsearch::report
