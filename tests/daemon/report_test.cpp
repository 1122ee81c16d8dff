#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "tests/support/text_count.hpp"
#include "daemon/measurers/virtual_time_measurer.hpp"
#include "daemon/report/html_text.hpp"
#include "daemon/report/mlr_report.hpp"
#include "daemon/report/plr_report.hpp"
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
  return test_support::count_occurrences(text, what);
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

namespace {

/// A sharp SUT of 2 Mpps behind a tester that sends at most 1 Mpps per direction,
/// in two directions: above 1 Mpps every trial is tester-limited.
class CappedTester final : public Measurer {
 public:
  TrialOutcome measure(Seconds duration, double load_pps, std::stop_token) override {
    const auto frames = [&](double pps) {
      return static_cast<std::int64_t>(std::llround(pps * duration.count()));
    };
    const std::int64_t intended = frames(load_pps);
    const std::int64_t sent = std::min(intended, frames(1e6));
    TrialOutcome outcome;
    outcome.directions = {{"0->1", intended, sent, sent}, {"1->0", intended, sent, sent}};
    outcome.offered_count = 2 * sent;
    outcome.intended_count = 2 * intended;
    outcome.counters = "flow_stats";
    if (sent < intended) {
      outcome.tester_limited_pps = 1e6;
      outcome.notes = {"tester_limited: direction 0->1 sent " + std::to_string(sent) + " of " +
                       std::to_string(intended) + " intended frames"};
    }
    return outcome;
  }
};

Search tester_limited_search() {
  Search search;
  mlr::SearchGoal ndr;
  ndr.name = "NDR";
  search.config.goals = {ndr};
  search.config.min_load_pps = 9001.0;
  search.config.max_load_pps = 4e6;
  search.config.warmup_duration = Seconds{0.0};
  CappedTester tester;
  ManualClock clock;
  VirtualTimeMeasurer timed(tester, clock);
  search.result = mlr::Controller(search.config, clock).search(timed);
  return search;
}

}  // namespace

TEST_CASE("an MLR report opens with the tester limit and marks tester-limited trials") {
  const Search search = tester_limited_search();
  REQUIRE(search.result.goals[0].tester_limit.has_value());
  std::size_t limited = 0;
  for (const auto& trial : search.result.trials) limited += trial.result.tester_limited() ? 1 : 0;
  REQUIRE(limited > 0);
  const std::string html = report::render_mlr_report({}, search.config, search.result);
  CHECK(balanced(html));
  CHECK(html.find("<script") == std::string::npos);
  // The first thing after the title, before the header facts.
  const auto warning = html.find(
      "<div class=\"warning\"><p><strong>Not a clean result: "
      "TESTER-LIMITED.</strong>");
  REQUIRE(warning != std::string::npos);
  CHECK(warning < html.find("<table>"));
  CHECK(html.find("the relevant upper bound " +
                  report::format_number(*search.result.goals[0].relevant_upper_bound_pps, 1)) !=
        std::string::npos);
  CHECK(html.find("<td class=\"irregular\">TESTER-LIMITED (tester reached " +
                  report::format_number(1e6, 1) + " pps)</td>") != std::string::npos);
  // Hollow triangles for them in the chart (and its close-up), with a legend entry.
  CHECK(count(html, "fill=\"none\" stroke=\"hsl(") >= limited);
  CHECK(html.find("tester-limited trial (counted as full loss)</text>") != std::string::npos);
  // The trial table: one row per trial, the notes cell saying what happened.
  CHECK(count(html, "<tr><td class=\"num\">") == search.result.trials.size());
  CHECK(count(html, "<span class=\"tester-limited\">TESTER-LIMITED</span>: the tester reached") ==
        limited);
  CHECK(html.find("tester_limited: direction 0-&gt;1 sent ") != std::string::npos);
  // Per direction at the bounds, the notes counted, the counters.
  CHECK(html.find("<h2>Per direction at the relevant bounds</h2>") != std::string::npos);
  CHECK(html.find("<td>1-&gt;0</td>") != std::string::npos);
  CHECK(html.find("<tr><th>tester_limited</th><td class=\"num\">" + std::to_string(limited) +
                  "</td>") != std::string::npos);
  CHECK(html.find("Counters: flow_stats (" + std::to_string(search.result.trials.size()) +
                  " trials).") != std::string::npos);
}

TEST_CASE("a clean MLR report has no warning and no triangles") {
  const Search search = sharp_search("NDR");
  const std::string html = report::render_mlr_report({}, search.config, search.result);
  CHECK(html.find("class=\"warning\"") == std::string::npos);
  CHECK(html.find("<polygon points") == std::string::npos);
  CHECK(html.find("No trial has a note.") != std::string::npos);
}

TEST_CASE("a PLR report opens with the tester limit when it bears on the estimate") {
  report::PlrReportData data;
  for (int i = 1; i <= 4; ++i) {
    report::PlrReportTrial trial;
    trial.number = static_cast<std::size_t>(i);
    trial.finished_at_s = 10.0 * i;
    trial.load_pps = i % 2 == 0 ? 9.05e5 : 8.9e5;
    trial.duration_s = 10.0;
    trial.loss_count = 0;
    trial.estimate = report::PlrEstimatePoint{8.67e5, 450.0};
    trial.directions = {{"0->1", 9000000, 9000000, 9000000}};
    if (i % 2 == 0) {
      trial.loss_ratio = 1.0;
      trial.measured_loss_ratio = 0.0055;
      trial.tester_limited_pps = 9e5;
      trial.notes = {"tester_limited: sent 9000000 of 9050000"};
    }
    data.trials.push_back(trial);
  }
  data.estimate = report::PlrEstimatePoint{8.67e5, 450.0};
  plr::PlrTesterLimit limit;
  limit.trials = 2;
  limit.reached_pps = 9e5;
  limit.estimate_upper_end_pps = 8.679e5;
  limit.trials_below_sut_loss = 2;
  data.tester_limit = limit;
  data.stop_reason = "time_budget";
  data.run_duration_s = 40.0;
  const std::string html = report::render_plr_report({}, data);
  CHECK(balanced(html));
  const auto warning = html.find("<div class=\"warning\">");
  REQUIRE(warning != std::string::npos);
  CHECK(warning < html.find("<table>"));
  CHECK(html.find("2 of them were the only losses: the SUT itself never lost frames") !=
        std::string::npos);
  CHECK(html.find("<td class=\"irregular\">TESTER-LIMITED: the estimate may describe the tester") !=
        std::string::npos);
  CHECK(count(html, "<polygon points") >= 2);
  CHECK(html.find("<h2>Per direction</h2>") != std::string::npos);
  CHECK(count(html, "<tr><td class=\"num\">") == 4);

  data.tester_limit->trials_below_sut_loss = 0;
  const std::string clean = report::render_plr_report({}, data);
  CHECK(clean.find("<div class=\"warning\">") == std::string::npos);
  CHECK(clean.find("they do not bear on the estimate") != std::string::npos);
}
