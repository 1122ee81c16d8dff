#pragma once

#include <string>
#include <vector>

namespace trexsearch::report {

/// What a legend entry's swatch shows.
enum class LegendSwatch { line, dashed_line, band, circle, triangle, floor };

/// One legend entry: a swatch in `colour`, then the label.
struct LegendEntry {
  LegendSwatch swatch = LegendSwatch::line;
  std::string colour;
  std::string label;
};

/// A chart's legend as HTML under the chart, not inside the SVG: it wraps on a
/// phone and stays at the page's text size, where in-plot text would shrink with
/// the chart. Each swatch is a tiny inline SVG. "" when there are no entries.
std::string legend_html(const std::vector<LegendEntry>& entries);

}  // namespace trexsearch::report
