#include "daemon/report/svg_chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <string>

#include "daemon/report/html_text.hpp"

namespace trexsearch::report {
namespace {

constexpr double kLeft = 78.0;
constexpr double kRight = 20.0;
constexpr double kTop = 34.0;
constexpr double kBottom = 46.0;

struct Range {
  double low = std::numeric_limits<double>::infinity();
  double high = -std::numeric_limits<double>::infinity();

  void include(double value) {
    if (!std::isfinite(value)) return;
    low = std::min(low, value);
    high = std::max(high, value);
  }
  bool empty() const { return low > high; }
};

/// Round tick steps (1, 2, 5 x 10^k) giving about `count` ticks.
double tick_step(const Range& range, int count) {
  const double raw = (range.high - range.low) / count;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  for (double factor : {1.0, 2.0, 5.0, 10.0}) {
    if (raw <= factor * magnitude) return factor * magnitude;
  }
  return 10.0 * magnitude;
}

/// Pads a range so markers do not sit on the frame; never empty or zero-width.
Range padded(Range range) {
  if (range.empty()) return {0.0, 1.0};
  if (range.high == range.low) {
    const double pad = range.low == 0.0 ? 1.0 : std::fabs(range.low) * 0.05;
    return {range.low - pad, range.high + pad};
  }
  const double pad = (range.high - range.low) * 0.06;
  return {range.low - pad, range.high + pad};
}

/// Tick labels: 1.25 M rather than 1250000.
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
  const int decimals = scaled_step >= 1.0 ? 0 : static_cast<int>(std::ceil(-std::log10(scaled_step)));
  if (std::fabs(scaled) < scaled_step * 1e-6) scaled = 0.0;  // no "-0"
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.*f%s", std::clamp(decimals, 0, 6), scaled, suffix);
  return buffer;
}

std::string number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", value);
  return buffer;
}

/// A marker at (x, y); `fill` is its colour. Triangles are hollow and a bit larger,
/// so they read apart from circles in print and for colour-blind readers.
std::string marker(MarkerShape shape, double x, double y, double radius, const std::string& fill) {
  if (shape == MarkerShape::circle) {
    return "<circle cx=\"" + number(x) + "\" cy=\"" + number(y) + "\" r=\"" + number(radius) +
           "\" fill=\"" + fill + "\">";
  }
  const double r = radius + 1.5;
  return "<polygon points=\"" + number(x) + "," + number(y - r) + " " + number(x - r) + "," +
         number(y + r * 0.8) + " " + number(x + r) + "," + number(y + r * 0.8) +
         "\" fill=\"none\" stroke=\"" + fill + "\" stroke-width=\"2\">";
}

std::string marker_end(MarkerShape shape) {
  return shape == MarkerShape::circle ? "</circle>" : "</polygon>";
}

}  // namespace

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
  const double plot_width = width - kLeft - kRight;
  const double plot_height = height - kTop - kBottom;
  const auto px = [&](double x) {
    return kLeft + (x - x_range.low) / (x_range.high - x_range.low) * plot_width;
  };
  const auto py = [&](double y) {
    return kTop + (1.0 - (y - y_range.low) / (y_range.high - y_range.low)) * plot_height;
  };

  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 " +
                    std::to_string(width) + " " + std::to_string(height) + "\" role=\"img\">\n";
  svg += "<title>" + escape_html(title) + "</title>\n";
  svg += "<text x=\"" + number(kLeft) + "\" y=\"20\" class=\"chart-title\">" + escape_html(title) +
         "</text>\n";
  svg += "<rect x=\"" + number(kLeft) + "\" y=\"" + number(kTop) + "\" width=\"" +
         number(plot_width) + "\" height=\"" + number(plot_height) + "\" class=\"frame\"/>\n";

  // Grid and ticks.
  const double y_step = tick_step(y_range, 6);
  for (double y = std::ceil(y_range.low / y_step) * y_step; y <= y_range.high; y += y_step) {
    svg += "<line x1=\"" + number(kLeft) + "\" x2=\"" + number(kLeft + plot_width) + "\" y1=\"" +
           number(py(y)) + "\" y2=\"" + number(py(y)) + "\" class=\"grid\"/>";
    svg += "<text x=\"" + number(kLeft - 6) + "\" y=\"" + number(py(y) + 4) +
           "\" class=\"tick\" text-anchor=\"end\">" + short_number(y, y_step) + "</text>\n";
  }
  const double x_step = tick_step(x_range, 10);
  for (double x = std::ceil(x_range.low / x_step) * x_step; x <= x_range.high; x += x_step) {
    svg += "<line y1=\"" + number(kTop) + "\" y2=\"" + number(kTop + plot_height) + "\" x1=\"" +
           number(px(x)) + "\" x2=\"" + number(px(x)) + "\" class=\"grid\"/>";
    svg += "<text x=\"" + number(px(x)) + "\" y=\"" + number(kTop + plot_height + 16) +
           "\" class=\"tick\" text-anchor=\"middle\">" + short_number(x, x_step) + "</text>\n";
  }
  svg += "<text x=\"" + number(kLeft + plot_width / 2) + "\" y=\"" + number(height - 8.0) +
         "\" class=\"axis\" text-anchor=\"middle\">" + escape_html(x_label) + "</text>\n";
  svg += "<text transform=\"translate(14," + number(kTop + plot_height / 2) +
         ") rotate(-90)\" class=\"axis\" text-anchor=\"middle\">" + escape_html(y_label) +
         "</text>\n";

  // A close-up clips bands and series to the plot area (markers outside are left
  // out below). The id only needs to be unique within a page: charts differ in title.
  const bool clipped = y_window.has_value();
  if (clipped) {
    const std::string id = "clip-" + std::to_string(std::hash<std::string>{}(title) % 1000000007u);
    svg += "<clipPath id=\"" + id + "\"><rect x=\"" + number(kLeft) + "\" y=\"" + number(kTop) +
           "\" width=\"" + number(plot_width) + "\" height=\"" + number(plot_height) +
           "\"/></clipPath>\n<g clip-path=\"url(#" + id + ")\">\n";
  }
  // Bands under everything else; labels alternate sides so close bands stay legible.
  for (std::size_t index = 0; index < bands.size(); ++index) {
    const ChartBand& band = bands[index];
    const bool right = index % 2 == 0;
    const double top = py(band.y_high);
    const double bottom = py(band.y_low);
    svg += "<rect x=\"" + number(kLeft) + "\" width=\"" + number(plot_width) + "\" y=\"" +
           number(top - 1.0) + "\" height=\"" + number(std::max(2.0, bottom - top + 2.0)) +
           "\" fill=\"" + band.colour + "\" fill-opacity=\"0.25\"><title>" +
           escape_html(band.label) + "</title></rect>";
    svg += "<text x=\"" + number(right ? kLeft + plot_width - 4 : kLeft + 4) + "\" y=\"" +
           number(right ? top - 3 : bottom + 12) + "\" class=\"band-label\" text-anchor=\"" +
           (right ? "end" : "start") + "\" fill=\"" + band.colour + "\">" +
           escape_html(band.label) + "</text>\n";
  }
  for (const ChartSeries& one : series) {
    if (!one.y_low.empty() && one.y_low.size() == one.x.size() &&
        one.y_high.size() == one.x.size()) {
      std::string polygon;
      for (std::size_t i = 0; i < one.x.size(); ++i) {
        polygon += number(px(one.x[i])) + "," + number(py(one.y_high[i])) + " ";
      }
      for (std::size_t i = one.x.size(); i-- > 0;) {
        polygon += number(px(one.x[i])) + "," + number(py(one.y_low[i])) + " ";
      }
      svg += "<polygon points=\"" + polygon + "\" fill=\"" + one.colour +
             "\" fill-opacity=\"0.18\" stroke=\"none\"/>\n";
    }
    std::string line;
    for (std::size_t i = 0; i < one.x.size() && i < one.y.size(); ++i) {
      line += number(px(one.x[i])) + "," + number(py(one.y[i])) + " ";
    }
    svg += "<polyline points=\"" + line + "\" fill=\"none\" stroke=\"" + one.colour +
           "\" stroke-width=\"1.8\"><title>" + escape_html(one.label) + "</title></polyline>\n";
  }
  if (clipped) svg += "</g>\n";
  for (const ChartPoint& point : points) {
    if (!visible(point.y)) continue;
    svg += marker(point.shape, px(point.x), py(point.y), point.radius, scale_colour(point.colour)) +
           "<title>" + escape_html(point.tooltip) + "</title>" + marker_end(point.shape) + "\n";
  }
  // Legend for series (bands carry their own labels).
  double legend_x = kLeft + 8;
  for (const ChartSeries& one : series) {
    svg += "<rect x=\"" + number(legend_x) + "\" y=\"" + number(kTop + 8) +
           "\" width=\"14\" height=\"4\" fill=\"" + one.colour + "\"/>";
    svg += "<text x=\"" + number(legend_x + 18) + "\" y=\"" + number(kTop + 13) +
           "\" class=\"tick\">" + escape_html(one.label) + "</text>\n";
    legend_x += 30.0 + 7.0 * static_cast<double>(one.label.size());
  }
  for (const ChartMarkerLegend& entry : marker_legend) {
    svg += marker(entry.shape, legend_x + 6, kTop + 11, 3.5, "#444") + marker_end(entry.shape);
    svg += "<text x=\"" + number(legend_x + 16) + "\" y=\"" + number(kTop + 15) +
           "\" class=\"tick\">" + escape_html(entry.label) + "</text>\n";
    legend_x += 30.0 + 7.0 * static_cast<double>(entry.label.size());
  }
  svg += "</svg>\n";
  if (!caption.empty()) svg += "<p class=\"caption\">" + escape_html(caption) + "</p>\n";
  return svg;
}

}  // namespace trexsearch::report
