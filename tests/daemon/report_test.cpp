#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "daemon/report/html_text.hpp"
#include "daemon/report/mlr_report.hpp"
#include "daemon/report/plr_report.hpp"
#include "daemon/measurers/virtual_time_measurer.hpp"
#include "search/controller.hpp"
#include "search/sim/sut_measurer.hpp"
#include "test_support.hpp"

using namespace trexsearch;

namespace {

struct Search {
  mlr::ControllerConfig config;
  mlr::SearchResult result;
};

Search sharp_search(const std::string& ndr_name) {
  Search search;
  mlr::SearchGoal ndr;
  ndr.name = ndr_name;
  mlr::SearchGoal pdr = ndr;
  pdr.name = "PDR";
  pdr.loss_ratio = 0.005;
  search.config.goals = {ndr, pdr};
  search.config.min_load_pps = 9001.0;
  search.config.max_load_pps = 14880952.0;
  search.config.warmup_duration = Seconds{0.0};
  sim::SutMeasurer sut(sim::make_sut("sharp", {{"capacity_pps", 2e6}}, 1));
  ManualClock clock;
  VirtualTimeMeasurer timed(sut, clock);
  search.result = mlr::Controller(search.config, clock).search(timed);
  return search;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

/// Every opened element is closed, in order (void elements excepted).
bool balanced(const std::string& html) {
  static const std::regex tag(R"(<(/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*?(/?)>)");
  const std::vector<std::string> void_elements{"meta", "br", "hr", "img", "input", "link"};
  std::vector<std::string> open;
  for (std::sregex_iterator it(html.begin(), html.end(), tag), end; it != end; ++it) {
    const std::string name = (*it)[2];
    if ((*it)[3] == "/" ||
        std::find(void_elements.begin(), void_elements.end(), name) != void_elements.end()) {
      continue;
    }
    if ((*it)[1] == "/") {
      if (open.empty() || open.back() != name) return false;
      open.pop_back();
    } else {
      open.push_back(name);
    }
  }
  return open.empty();
}

}  // namespace

TEST_CASE("the MLR report is one well-formed page with both charts, every goal and every trial") {
  const Search search = sharp_search("NDR");
  report::ReportContext context;
  context.title = "Report test";
  context.facts.emplace_back("Profile", "64B, 2 ports");
  const std::string html = report::render_mlr_report(context, search.config, search.result);
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(balanced(html));
  CHECK(count(html, "<svg") == 2);
  // Self-contained: no scripts, no external references.
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("http://") == html.find("http://www.w3.org/2000/svg"));
  CHECK(html.find("https://") == std::string::npos);
  // One marker per trial in the full chart, one row per trial in the table.
  const std::size_t trials = search.result.trials.size();
  CHECK(count(html, "<circle") >= trials);
  CHECK(count(html, "<tr><td class=\"num\">") == trials);
  // The numbers of the goal tables are the result's.
  for (const auto& goal : search.result.goals) {
    CHECK(html.find(report::format_number(*goal.conditional_throughput_pps, 1)) !=
          std::string::npos);
    CHECK(html.find(report::format_number(*goal.relevant_upper_bound_pps, 1)) != std::string::npos);
  }
  CHECK(html.find("64B, 2 ports") != std::string::npos);
  CHECK(html.find("Deviations from RFC 2544") != std::string::npos);
  CHECK(count(html, "class=\"regular\">regular") == 2);
}

TEST_CASE("goal names and facts are escaped") {
  const Search search = sharp_search("<b>NDR & co</b>");
  report::ReportContext context;
  context.facts.emplace_back("Note", "\"quoted\" <i>");
  const std::string html = report::render_mlr_report(context, search.config, search.result);
  CHECK(html.find("<b>NDR") == std::string::npos);
  CHECK(html.find("&lt;b&gt;NDR &amp; co&lt;/b&gt;") != std::string::npos);
  CHECK(html.find("&quot;quoted&quot; &lt;i&gt;") != std::string::npos);
  CHECK(balanced(html));
}

TEST_CASE("numbers for people group thousands") {
  CHECK(report::format_number(14880952.0, 1) == "14\u2009880\u2009952.0");
  CHECK(report::format_number(-1234.5, 2) == "-1\u2009234.50");
  CHECK(report::format_number(999.0, 0) == "999");
}

TEST_CASE("where Debian's chromium is installed, the report renders to a non-empty screenshot") {
  const char* chromium = "/usr/bin/chromium";
  if (access(chromium, X_OK) != 0) {
    MESSAGE("chromium not installed: rendering check skipped");
    return;
  }
  const Search search = sharp_search("NDR");
  const test::TempDir dir;
  const std::string page = dir.write(
      "report.html", report::render_mlr_report({}, search.config, search.result));
  const std::string png = (dir.path() / "report.png").string();
  const auto result = test::run_process(
      {chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
       "--no-first-run", "--disable-background-networking", "--disable-component-update",
       "--disable-sync", "--user-data-dir=" + (dir.path() / "profile").string(),
       "--window-size=1000,1400", "--screenshot=" + png, "file://" + page},
      "", dir);
  CHECK(result.exit_code == 0);
  REQUIRE(std::filesystem::exists(png));
  // A blank page of this size compresses to a few kB; charts and tables are far more.
  CHECK(std::filesystem::file_size(png) > 30000);
}

TEST_CASE("where Debian's chromium is installed, the PLR report renders to a non-empty screenshot") {
  const char* chromium = "/usr/bin/chromium";
  if (access(chromium, X_OK) != 0) {
    MESSAGE("chromium not installed: rendering check skipped");
    return;
  }
  // An estimate settling on 1 Mpps over an hour, the fits bracketing it.
  report::PlrReportData data;
  for (std::size_t i = 1; i <= 60; ++i) {
    report::PlrReportTrial trial;
    trial.number = i;
    trial.finished_at_s = 60.0 * static_cast<double>(i);
    trial.load_pps = 1e6 * (1.0 + 0.02 * static_cast<double>(i % 5) - 0.04);
    trial.duration_s = 60.0;
    trial.loss_count = static_cast<long long>(i % 5);
    trial.loss_ratio = static_cast<double>(i % 5) / 6e7;
    trial.estimate = report::PlrEstimatePoint{1e6 - 2e5 / static_cast<double>(i),
                                              3e5 / static_cast<double>(i)};
    trial.stretch_average_pps = trial.estimate->average_pps * 1.01;
    trial.erf_average_pps = trial.estimate->average_pps * 0.99;
    data.trials.push_back(trial);
  }
  data.estimate = data.trials.back().estimate;
  data.run_duration_s = 3600.0;
  data.stop_reason = "time_budget";
  const test::TempDir dir;
  const std::string page = dir.write("plr.html", report::render_plr_report({}, data));
  const std::string png = (dir.path() / "plr.png").string();
  const auto result = test::run_process(
      {chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
       "--no-first-run", "--disable-background-networking", "--disable-component-update",
       "--disable-sync", "--user-data-dir=" + (dir.path() / "profile").string(),
       "--window-size=1000,1400", "--screenshot=" + png, "file://" + page},
      "", dir);
  CHECK(result.exit_code == 0);
  REQUIRE(std::filesystem::exists(png));
  CHECK(std::filesystem::file_size(png) > 30000);
}
