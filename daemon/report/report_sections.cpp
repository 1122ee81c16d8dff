#include "daemon/report/report_sections.hpp"

#include "daemon/report/page/html_text.hpp"

namespace trexsearch::report {

std::string report_title(const ReportContext& context, const std::string& warning_html) {
  return "<h1>" + escape_html(context.title) + "</h1>\n" + warning_html;
}

std::string fact_html_row(const std::string& name, const std::string& value, bool numeric) {
  return "<tr><th>" + escape_html(name) + "</th><td" + (numeric ? " class=\"num\"" : "") + ">" +
         escape_html(value) + "</td></tr>\n";
}

std::string about_section(const ReportContext& context, const std::string& extra_rows_html) {
  std::string html = "<h2 id=\"about\">About this run</h2>\n<table class=\"facts\">\n";
  for (const auto& [name, value] : context.facts) html += fact_html_row(name, value);
  html += fact_html_row("Effective duration", context.effective_duration_method);
  html += fact_html_row("Deviations from RFC 2544", context.rfc2544_deviations);
  html += extra_rows_html;
  return html + "</table>\n";
}

std::string raw_section(const ReportContext& context) {
  // The hooks' runs (the DUT's state after the search) belong to the record of the
  // run, after the results and before the raw config.
  if (context.raw.empty()) return context.hooks_html;
  std::string html =
      context.hooks_html +
      "<h2 id=\"raw\">Raw data</h2>\n<details class=\"raw\"><summary>The job's config as stored "
      "(JSON)</summary>\n";
  for (const auto& [name, json] : context.raw) {
    html += "<h3>" + escape_html(name) + "</h3>\n<pre>" + escape_html(json) + "</pre>\n";
  }
  return html + "</details>\n";
}

}  // namespace trexsearch::report
