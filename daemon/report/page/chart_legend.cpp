#include "daemon/report/page/chart_legend.hpp"

#include "daemon/report/page/html_text.hpp"

namespace trexsearch::report {
namespace {

std::string swatch(const LegendEntry& entry) {
  const std::string& c = entry.colour;
  std::string shape;
  switch (entry.swatch) {
    case LegendSwatch::line:
      shape =
          "<line x1=\"1\" y1=\"7\" x2=\"21\" y2=\"7\" stroke=\"" + c + "\" stroke-width=\"2.5\"/>";
      break;
    case LegendSwatch::dashed_line:
      shape = "<line x1=\"1\" y1=\"7\" x2=\"21\" y2=\"7\" stroke=\"" + c +
              "\" stroke-width=\"2.5\" stroke-dasharray=\"5 3\"/>";
      break;
    case LegendSwatch::band:
      shape = "<rect x=\"1\" y=\"2\" width=\"20\" height=\"10\" fill=\"" + c +
              "\" fill-opacity=\"0.3\"/>";
      break;
    case LegendSwatch::circle:
      shape = "<circle cx=\"11\" cy=\"7\" r=\"4.5\" fill=\"" + c + "\"/>";
      break;
    case LegendSwatch::triangle:
      shape = "<polygon points=\"11,1 5,12 17,12\" fill=\"none\" stroke=\"" + c +
              "\" stroke-width=\"2\"/>";
      break;
    case LegendSwatch::floor:
      shape = "<line x1=\"1\" y1=\"10\" x2=\"21\" y2=\"10\" stroke=\"" + c +
              "\" stroke-width=\"1.5\"/><circle cx=\"11\" cy=\"10\" r=\"3.5\" fill=\"" + c + "\"/>";
      break;
  }
  return "<svg class=\"swatch\" width=\"22\" height=\"14\" viewBox=\"0 0 22 14\" "
         "aria-hidden=\"true\">" +
         shape + "</svg>";
}

}  // namespace

std::string legend_html(const std::vector<LegendEntry>& entries) {
  if (entries.empty()) return "";
  std::string html = "<ul class=\"legend\">\n";
  for (const LegendEntry& entry : entries) {
    html += "<li>" + swatch(entry) + escape_html(entry.label) + "</li>\n";
  }
  return html + "</ul>\n";
}

}  // namespace trexsearch::report
