#include "daemon/report/page/html_page.hpp"

#include "daemon/report/page/html_text.hpp"

namespace trexsearch::report {
namespace {

// Reads on a phone (390 px) and a desktop (1280 px): text at the browser's size;
// every table scrolls sideways inside its own box instead of widening the page;
// charts scale with their viewBox; legends are HTML under the chart, so they wrap.
constexpr std::string_view kStyle = R"(
*, *::before, *::after { box-sizing: border-box; }
body { font-family: system-ui, sans-serif; margin: 1em auto; padding: 0 0.8em; max-width: 64em;
  color: #222; line-height: 1.4; }
h1 { font-size: 1.4em; margin-bottom: 0.3em; overflow-wrap: anywhere; }
h2 { font-size: 1.15em; margin-top: 1.6em; border-bottom: 1px solid #ccc; }
h3 { font-size: 1em; }
table { display: block; max-width: 100%; overflow-x: auto; border-collapse: collapse;
  margin: 0.6em 0; }
th, td { padding: 0.25em 0.6em; text-align: left; border-bottom: 1px solid #eee; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.num { white-space: nowrap; }
th { vertical-align: top; }
table.facts td { overflow-wrap: anywhere; min-width: 10em; }
table.verdict td { white-space: nowrap; }
.regular { color: #17692b; font-weight: 600; }
.irregular { color: #a33; font-weight: 600; }
.chart { display: block; width: 100%; max-width: 760px; height: auto; margin-top: 1em; }
.chart .frame { fill: none; stroke: #999; }
.chart .grid { stroke: #e4e4e4; }
.chart .tick { font-size: 17px; fill: #444; }
.chart .axis { font-size: 17px; fill: #222; }
.chart .chart-title { font-size: 18px; font-weight: 600; }
ul.legend { list-style: none; padding: 0; margin: 0.3em 0; font-size: 0.9em; }
ul.legend li { display: inline-block; margin: 0.1em 1.2em 0.1em 0; }
ul.legend .swatch { vertical-align: middle; margin-right: 0.35em; }
.caption { font-size: 0.85em; color: #555; margin-top: 0.2em; }
.note { font-size: 0.9em; color: #444; }
.warning { border: 2px solid #a33; background: #fdf0f0; padding: 0.3em 1em; margin: 0.8em 0; }
.tester-limited { color: #a33; font-weight: 600; }
td.notes { font-size: 0.85em; min-width: 16em; }
details.raw pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.8em;
  background: #f6f6f6; padding: 0.5em; }
summary { cursor: pointer; }
@media print { body { margin: 0; max-width: none; } details { display: block; } }
)";

}  // namespace

std::string html_page(std::string_view title, std::string_view body) {
  std::string page =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  page += "<title>" + escape_html(title) + "</title>\n<style>";
  page += kStyle;
  page += "</style>\n</head>\n<body>\n";
  page += body;
  page += "</body>\n</html>\n";
  return page;
}

}  // namespace trexsearch::report
