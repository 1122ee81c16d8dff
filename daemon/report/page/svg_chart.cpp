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

std::string SvgChart::render() const {
  Range xs;
  Range ys;
  for (const ChartPoint& point : points) {
    xs.include(point.x);
    ys.include(point.y);
  }
  for (const ChartBand& band : bands) {
    ys.include(band.y_low);
    ys.include(band.y_high);
  }
  for (const ChartSeries& one : series) {
    for (double x : one.x) xs.include(x);
    for (const auto* values : {&one.y, &one.y_low, &one.y_high}) {
      for (double y : *values) ys.include(y);
    }
  }
  const Range x_range = padded(xs);
  const Range y_range = y_window ? Range{y_window->first, y_window->second} : padded(ys);
  const auto visible = [&](double y) { return y >= y_range.low && y <= y_range.high; };
  const double plot_width = width - kPlotLeft - kPlotRight;
  const double plot_height = height - kPlotTop - kPlotBottom;
  const auto px = [&](double x) {
    return kPlotLeft + (x - x_range.low) / (x_range.high - x_range.low) * plot_width;
  };
  const auto py = [&](double y) {
    return kPlotTop + (1.0 - (y - y_range.low) / (y_range.high - y_range.low)) * plot_height;
  };

  std::string svg = svg_open(width, height, title);
  svg += "<rect x=\"" + svg_number(kPlotLeft) + "\" y=\"" + svg_number(kPlotTop) + "\" width=\"" +
         svg_number(plot_width) + "\" height=\"" + svg_number(plot_height) +
         "\" class=\"frame\"/>\n";

  // Grid and ticks.
  const double y_step = tick_step(y_range, 5);
  for (const double y : tick_values(y_range, y_step)) {
    svg += "<line x1=\"" + svg_number(kPlotLeft) + "\" x2=\"" + svg_number(kPlotLeft + plot_width) +
           "\" y1=\"" + svg_number(py(y)) + "\" y2=\"" + svg_number(py(y)) + "\" class=\"grid\"/>";
    svg += "<text x=\"" + svg_number(kPlotLeft - 6) + "\" y=\"" + svg_number(py(y) + 4) +
           "\" class=\"tick\" text-anchor=\"end\">" + short_number(y, y_step) + "</text>\n";
  }
  const double x_step = tick_step(x_range, 6);
  for (const double x : tick_values(x_range, x_step)) {
    svg += "<line y1=\"" + svg_number(kPlotTop) + "\" y2=\"" + svg_number(kPlotTop + plot_height) +
           "\" x1=\"" + svg_number(px(x)) + "\" x2=\"" + svg_number(px(x)) + "\" class=\"grid\"/>";
    svg += "<text x=\"" + svg_number(px(x)) + "\" y=\"" + svg_number(kPlotTop + plot_height + 19) +
           "\" class=\"tick\" text-anchor=\"middle\">" + short_number(x, x_step) + "</text>\n";
  }
  svg += "<text x=\"" + svg_number(kPlotLeft + plot_width / 2) + "\" y=\"" +
         svg_number(height - 8.0) + "\" class=\"axis\" text-anchor=\"middle\">" +
         escape_html(x_label) + "</text>\n";
  svg += "<text transform=\"translate(14," + svg_number(kPlotTop + plot_height / 2) +
         ") rotate(-90)\" class=\"axis\" text-anchor=\"middle\">" + escape_html(y_label) +
         "</text>\n";

  // A close-up clips bands and series to the plot area (markers outside are left
  // out below). The id only needs to be unique within a page: charts differ in title.
  const bool clipped = y_window.has_value();
  if (clipped) {
    const std::string id = "clip-" + std::to_string(std::hash<std::string>{}(title) % 1000000007u);
    svg += "<clipPath id=\"" + id + "\"><rect x=\"" + svg_number(kPlotLeft) + "\" y=\"" +
           svg_number(kPlotTop) + "\" width=\"" + svg_number(plot_width) + "\" height=\"" +
           svg_number(plot_height) + "\"/></clipPath>\n<g clip-path=\"url(#" + id + ")\">\n";
  }
  // Bands under everything else; the legend names them.
  for (const ChartBand& band : bands) {
    const double top = py(band.y_high);
    const double bottom = py(band.y_low);
    svg += "<rect x=\"" + svg_number(kPlotLeft) + "\" width=\"" + svg_number(plot_width) +
           "\" y=\"" + svg_number(top - 1.0) + "\" height=\"" +
           svg_number(std::max(2.0, bottom - top + 2.0)) + "\" fill=\"" + band.colour +
           "\" fill-opacity=\"0.25\"><title>" + escape_html(band.label) + "</title></rect>";
  }
  for (const ChartSeries& one : series) {
    if (!one.y_low.empty() && one.y_low.size() == one.x.size() &&
        one.y_high.size() == one.x.size()) {
      std::string polygon;
      for (std::size_t i = 0; i < one.x.size(); ++i) {
        polygon += svg_number(px(one.x[i])) + "," + svg_number(py(one.y_high[i])) + " ";
      }
      for (std::size_t i = one.x.size(); i-- > 0;) {
        polygon += svg_number(px(one.x[i])) + "," + svg_number(py(one.y_low[i])) + " ";
      }
      svg += "<polygon points=\"" + polygon + "\" fill=\"" + one.colour +
             "\" fill-opacity=\"0.18\" stroke=\"none\"/>\n";
    }
    std::string line;
    for (std::size_t i = 0; i < one.x.size() && i < one.y.size(); ++i) {
      line += svg_number(px(one.x[i])) + "," + svg_number(py(one.y[i])) + " ";
    }
    svg += "<polyline points=\"" + line + "\" fill=\"none\" stroke=\"" + one.colour +
           "\" stroke-width=\"2.2\"" + (one.dashed ? " stroke-dasharray=\"7 4\"" : "") +
           "><title>" + escape_html(one.label) + "</title></polyline>\n";
  }
  if (clipped) svg += "</g>\n";
  for (const ChartPoint& point : points) {
    if (!visible(point.y)) continue;
    svg += marker(point.shape, px(point.x), py(point.y), point.radius, scale_colour(point.colour)) +
           "<title>" + escape_html(point.tooltip) + "</title>" + marker_end(point.shape) + "\n";
  }
  svg += "</svg>\n";
  // The legend under the chart (chart_legend.hpp says why): series, bands, marker shapes.
  std::vector<LegendEntry> legend;
  for (const ChartSeries& one : series) {
    const bool band = !one.y_low.empty();
    legend.push_back(
        {one.dashed ? LegendSwatch::dashed_line : LegendSwatch::line, one.colour, one.label});
    if (band) legend.push_back({LegendSwatch::band, one.colour, one.band_label});
  }
  for (const ChartBand& band : bands)
    legend.push_back({LegendSwatch::band, band.colour, band.label});
  for (const ChartMarkerLegend& entry : marker_legend) {
    legend.push_back(
        {entry.shape == MarkerShape::circle ? LegendSwatch::circle : LegendSwatch::triangle, "#444",
         entry.label});
  }
  svg += legend_html(legend);
  if (!caption.empty()) svg += "<p class=\"caption\">" + escape_html(caption) + "</p>\n";
  return svg;
}

}  // namespace trexsearch::report
