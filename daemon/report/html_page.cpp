#include "daemon/report/html_page.hpp"

#include "daemon/report/html_text.hpp"

namespace trexsearch::report {
namespace {

constexpr std::string_view kStyle = R"(
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
h2 { font-size: 1.15em; margin-top: 1.8em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.6em 0; }
th, td { padding: 0.2em 0.7em; text-align: left; border-bottom: 1px solid #eee; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td { overflow-wrap: anywhere; }
th { vertical-align: top; }
.regular { color: #17692b; font-weight: 600; }
.irregular { color: #a33; font-weight: 600; }
.chart { width: 100%; height: auto; }
.chart .frame { fill: none; stroke: #999; }
.chart .grid { stroke: #e4e4e4; }
.chart .tick, .chart .band-label { font-size: 11px; fill: #555; }
.chart .band-label { font-weight: 600; }
.chart .axis { font-size: 12px; fill: #333; }
.chart .chart-title { font-size: 13px; font-weight: 600; }
.caption { font-size: 0.85em; color: #555; margin-top: 0; }
.note { font-size: 0.9em; color: #444; }
.warning { border: 2px solid #a33; background: #fdf0f0; padding: 0.3em 1em; margin: 0.8em 0; }
.tester-limited { color: #a33; font-weight: 600; }
td.notes { font-size: 0.85em; }
@media print { body { margin: 0; max-width: none; } details { display: block; } }
)";

}  // namespace

std::string html_page(std::string_view title, std::string_view body) {
  std::string page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  page += "<title>" + escape_html(title) + "</title>\n<style>";
  page += kStyle;
  page += "</style>\n</head>\n<body>\n";
  page += body;
  page += "</body>\n</html>\n";
  return page;
}

}  // namespace trexsearch::report
