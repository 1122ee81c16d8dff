#include "daemon/report/page/svg_chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <string>

#include "daemon/report/page/chart_legend.hpp"
#include "daemon/report/page/chart_scale.hpp"
#include "daemon/report/page/html_text.hpp"

namespace trexsearch::report {

double loss_ratio_colour(double loss_ratio) {
  if (loss_ratio <= 0.0) return 0.0;
  return std::clamp((std::log10(loss_ratio) + 7.0) / 7.0, 0.05, 1.0);
}

std::string scale_colour(double fraction) {
  // Green (low loss) through amber to red (all lost): readable in print too.
  const double f = std::clamp(fraction, 0.0, 1.0);
  const double hue = 120.0 * (1.0 - f);
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "hsl(%.0f,70%%,42%%)", hue);
  return buffer;
}

namespace {

/// Where data lands on the plot: the axes' ranges and the plot area in pixels.
struct PlotArea {
  Range x_range;
  Range y_range;
  double width = 0.0;
  double height = 0.0;

  double px(double x) const {
    return kPlotLeft + (x - x_range.low) / (x_range.high - x_range.low) * width;
  }
  double py(double y) const {
    return kPlotTop + (1.0 - (y - y_range.low) / (y_range.high - y_range.low)) * height;
  }
  bool visible(double y) const { return y >= y_range.low && y <= y_range.high; }
};

/// The ranges that fit every point, band and series (or the y window), padded.
PlotArea plot_area(const SvgChart& chart) {
  Range xs;
  Range ys;
  for (const ChartPoint& point : chart.points) {
    xs.include(point.x);
    ys.include(point.y);
  }
  for (const ChartBand& band : chart.bands) {
    ys.include(band.y_low);
    ys.include(band.y_high);
  }
  for (const ChartSeries& one : chart.series) {
    for (double x : one.x) xs.include(x);
    for (const auto* values : {&one.y, &one.y_low, &one.y_high}) {
      for (double y : *values) ys.include(y);
    }
  }
  PlotArea area;
  area.x_range = padded(xs);
  area.y_range = chart.y_window ? Range{chart.y_window->first, chart.y_window->second} : padded(ys);
  area.width = chart.width - kPlotLeft - kPlotRight;
  area.height = chart.height - kPlotTop - kPlotBottom;
  return area;
}

/// The frame, grid lines, tick labels and axis labels.
std::string axes_svg(const SvgChart& chart, const PlotArea& area) {
  std::string svg = "<rect x=\"" + svg_number(kPlotLeft) + "\" y=\"" + svg_number(kPlotTop) +
                    "\" width=\"" + svg_number(area.width) + "\" height=\"" +
                    svg_number(area.height) + "\" class=\"frame\"/>\n";
  const double y_step = tick_step(area.y_range, 5);
  for (const double y : tick_values(area.y_range, y_step)) {
    svg += "<line x1=\"" + svg_number(kPlotLeft) + "\" x2=\"" + svg_number(kPlotLeft + area.width) +
           "\" y1=\"" + svg_number(area.py(y)) + "\" y2=\"" + svg_number(area.py(y)) +
           "\" class=\"grid\"/>";
    svg += "<text x=\"" + svg_number(kPlotLeft - 6) + "\" y=\"" + svg_number(area.py(y) + 4) +
           "\" class=\"tick\" text-anchor=\"end\">" + short_number(y, y_step) + "</text>\n";
  }
  const double x_step = tick_step(area.x_range, 6);
  for (const double x : tick_values(area.x_range, x_step)) {
    svg += "<line y1=\"" + svg_number(kPlotTop) + "\" y2=\"" + svg_number(kPlotTop + area.height) +
           "\" x1=\"" + svg_number(area.px(x)) + "\" x2=\"" + svg_number(area.px(x)) +
           "\" class=\"grid\"/>";
    svg += "<text x=\"" + svg_number(area.px(x)) + "\" y=\"" +
           svg_number(kPlotTop + area.height + 19) + "\" class=\"tick\" text-anchor=\"middle\">" +
           short_number(x, x_step) + "</text>\n";
  }
  svg += "<text x=\"" + svg_number(kPlotLeft + area.width / 2) + "\" y=\"" +
         svg_number(chart.height - 8.0) + "\" class=\"axis\" text-anchor=\"middle\">" +
         escape_html(chart.x_label) + "</text>\n";
  svg += "<text transform=\"translate(14," + svg_number(kPlotTop + area.height / 2) +
         ") rotate(-90)\" class=\"axis\" text-anchor=\"middle\">" + escape_html(chart.y_label) +
         "</text>\n";
  return svg;
}

/// One series: its +- band (when it has one) under its line.
std::string series_svg(const ChartSeries& one, const PlotArea& area) {
  std::string svg;
  if (!one.y_low.empty() && one.y_low.size() == one.x.size() && one.y_high.size() == one.x.size()) {
    std::string polygon;
    for (std::size_t i = 0; i < one.x.size(); ++i) {
      polygon += svg_number(area.px(one.x[i])) + "," + svg_number(area.py(one.y_high[i])) + " ";
    }
    for (std::size_t i = one.x.size(); i-- > 0;) {
      polygon += svg_number(area.px(one.x[i])) + "," + svg_number(area.py(one.y_low[i])) + " ";
    }
    svg += "<polygon points=\"" + polygon + "\" fill=\"" + one.colour +
           "\" fill-opacity=\"0.18\" stroke=\"none\"/>\n";
  }
  std::string line;
  for (std::size_t i = 0; i < one.x.size() && i < one.y.size(); ++i) {
    line += svg_number(area.px(one.x[i])) + "," + svg_number(area.py(one.y[i])) + " ";
  }
  return svg + "<polyline points=\"" + line + "\" fill=\"none\" stroke=\"" + one.colour +
         "\" stroke-width=\"2.2\"" + (one.dashed ? " stroke-dasharray=\"7 4\"" : "") + "><title>" +
         escape_html(one.label) + "</title></polyline>\n";
}

/// Bands under everything else, then the series; a close-up (y window) clips
/// both to the plot area. The clip's id only needs to be unique within a page:
/// charts differ in title.
std::string bands_and_series_svg(const SvgChart& chart, const PlotArea& area) {
  std::string svg;
  const bool clipped = chart.y_window.has_value();
  if (clipped) {
    const std::string id =
        "clip-" + std::to_string(std::hash<std::string>{}(chart.title) % 1000000007u);
    svg += "<clipPath id=\"" + id + "\"><rect x=\"" + svg_number(kPlotLeft) + "\" y=\"" +
           svg_number(kPlotTop) + "\" width=\"" + svg_number(area.width) + "\" height=\"" +
           svg_number(area.height) + "\"/></clipPath>\n<g clip-path=\"url(#" + id + ")\">\n";
  }
  for (const ChartBand& band : chart.bands) {
    const double top = area.py(band.y_high);
    const double bottom = area.py(band.y_low);
    svg += "<rect x=\"" + svg_number(kPlotLeft) + "\" width=\"" + svg_number(area.width) +
           "\" y=\"" + svg_number(top - 1.0) + "\" height=\"" +
           svg_number(std::max(2.0, bottom - top + 2.0)) + "\" fill=\"" + band.colour +
           "\" fill-opacity=\"0.25\"><title>" + escape_html(band.label) + "</title></rect>";
  }
  for (const ChartSeries& one : chart.series) svg += series_svg(one, area);
  if (clipped) svg += "</g>\n";
  return svg;
}

/// The legend under the chart (chart_legend.hpp says why): series, bands, marker shapes.
std::vector<LegendEntry> legend_of(const SvgChart& chart) {
  std::vector<LegendEntry> legend;
  for (const ChartSeries& one : chart.series) {
    legend.push_back(
        {one.dashed ? LegendSwatch::dashed_line : LegendSwatch::line, one.colour, one.label});
    if (!one.y_low.empty()) legend.push_back({LegendSwatch::band, one.colour, one.band_label});
  }
  for (const ChartBand& band : chart.bands)
    legend.push_back({LegendSwatch::band, band.colour, band.label});
  for (const ChartMarkerLegend& entry : chart.marker_legend) {
    legend.push_back(
        {entry.shape == MarkerShape::circle ? LegendSwatch::circle : LegendSwatch::triangle, "#444",
         entry.label});
  }
  return legend;
}

}  // namespace

std::string SvgChart::render() const {
  const PlotArea area = plot_area(*this);
  std::string svg =
      svg_open(width, height, title) + axes_svg(*this, area) + bands_and_series_svg(*this, area);
  // Markers outside a close-up's window are left out.
  for (const ChartPoint& point : points) {
    if (!area.visible(point.y)) continue;
    svg += marker(point.shape, area.px(point.x), area.py(point.y), point.radius,
                  scale_colour(point.colour)) +
           "<title>" + escape_html(point.tooltip) + "</title>" + marker_end(point.shape) + "\n";
  }
  svg += "</svg>\n" + legend_html(legend_of(*this));
  if (!caption.empty()) svg += "<p class=\"caption\">" + escape_html(caption) + "</p>\n";
  return svg;
}

}  // namespace trexsearch::report
