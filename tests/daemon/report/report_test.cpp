#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <string>
#include <vector>

#include "daemon/report/bound_convergence.hpp"
#include "daemon/report/mlr_report.hpp"
#include "daemon/report/page/display_number.hpp"
#include "daemon/report/page/loss_ratio_chart.hpp"
#include "daemon/report/plr_report.hpp"
#include "tests/daemon/report/report_samples.hpp"
#include "tests/support/text_count.hpp"

using namespace trexsearch;

namespace {

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

/// What a reader sees (and hovers): the page without its style sheet, the
/// collapsed raw config and the tags; thin spaces kept (they group digits).
std::string visible_text(std::string html) {
  html = std::regex_replace(html, std::regex(R"(<style>[\s\S]*?</style>)"), " ");
  html = std::regex_replace(html, std::regex(R"(<details class="raw">[\s\S]*?</details>)"), " ");
  html = std::regex_replace(html, std::regex(R"(<[^>]*>)"), " ");
  return html;
}

/// The numbers in `text` longer than a measurement supports: a decimal with
/// more than 7 significant digits, or an integer with more than 8 (exact frame
/// counts, the only long integers, stay below 10^8 in these tests). Digits
/// grouped by thin spaces count as one number.
std::vector<std::string> overlong_numbers(const std::string& text) {
  static const std::regex number("[0-9]+(?:\u2009[0-9]{3})*(?:\\.[0-9]+)?");
  std::vector<std::string> found;
  for (std::sregex_iterator it(text.begin(), text.end(), number), end; it != end; ++it) {
    std::string digits;
    for (char c : it->str()) {
      if (c >= '0' && c <= '9') digits += c;
    }
    const bool decimal = it->str().find('.') != std::string::npos;
    const auto first = digits.find_first_not_of('0');
    const std::size_t significant = first == std::string::npos ? 0 : digits.size() - first;
    if (significant > (decimal ? 7u : 8u)) found.push_back(it->str());
  }
  return found;
}

/// The text between the first `from` and the next `to` after it.
std::string between(const std::string& text, const std::string& from, const std::string& to) {
  const auto start = text.find(from);
  if (start == std::string::npos) return "";
  const auto end = text.find(to, start + from.size());
  return text.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

std::string mlr_page() {
  const test::SampleSearch search = test::noisy_search();
  return report::render_mlr_report(test::trex_like_context("MLR test"), search.config,
                                   search.result);
}

}  // namespace

TEST_CASE("the MLR report is one self-contained page with its charts, every goal and every trial") {
  const test::SampleSearch search = test::sharp_search();
  report::ReportContext context;
  context.title = "Report test";
  context.facts.emplace_back("Profile", "64B, 2 ports");
  const std::string html = report::render_mlr_report(context, search.config, search.result);
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(balanced(html));
  // Loss ratio against load, the bounds converging, all trials.
  CHECK(count(html, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\"") == 3);
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("http://") == html.find("http://www.w3.org/2000/svg"));
  CHECK(html.find("https://") == std::string::npos);
  const std::size_t trials = search.result.trials.size();
  CHECK(count(html, "<circle") >= trials);
  CHECK(count(html, "<tr><td class=\"num\">") == trials);
  for (const auto& goal : search.result.goals) {
    CHECK(html.find(report::load_text(goal.conditional_throughput_pps)) != std::string::npos);
    CHECK(html.find(report::load_text(goal.relevant_upper_bound_pps)) != std::string::npos);
  }
  CHECK(html.find("64B, 2 ports") != std::string::npos);
  CHECK(html.find("Deviations from RFC 2544") != std::string::npos);
  // In the verdict and in each goal's table.
  CHECK(count(html, "class=\"regular\">regular") == 4);
  // Which loads were measured: the default, or the reference's when asked for.
  CHECK(html.find("<tr><th>Load selection</th><td>fast (loads placed from measured forwarding "
                  "rates)</td></tr>") != std::string::npos);
  mlr::ControllerConfig csit = search.config;
  csit.strategy = mlr::SelectionStrategy::csit;
  CHECK(report::render_mlr_report(context, csit, search.result)
            .find("<tr><th>Load selection</th><td>csit (the reference&#39;s loads, trial for "
                  "trial)</td></tr>") != std::string::npos);
}

TEST_CASE(
    "the MLR report gives the verdict first, then the plots, the details, and raw data last") {
  const std::string html = mlr_page();
  const auto verdict = html.find("<h2 id=\"verdict\">");
  const auto plots = html.find("<h2 id=\"plots\">");
  const auto first_chart = html.find("class=\"chart\"");
  const auto trials = html.find("<h2 id=\"trials\">");
  const auto about = html.find("<h2 id=\"about\">");
  const auto raw = html.find("<details class=\"raw\">");
  REQUIRE(verdict != std::string::npos);
  CHECK(verdict < plots);
  CHECK(plots < first_chart);
  CHECK(first_chart < trials);
  CHECK(trials < about);
  CHECK(about < raw);
  // The raw config is inside the collapsed section, nowhere else.
  CHECK(count(html, "&quot;min_load&quot;: 9001") == 1);
  CHECK(between(html, "<details class=\"raw\">", "</details>").find("&quot;min_load&quot;: 9001") !=
        std::string::npos);
  // The verdict's table: a row per goal with its conditional throughput, % of line
  // rate and L1 rate (known from the profile and port speed), counters, notes.
  const std::string table = between(html, "<h2 id=\"verdict\">", "<h2 id=\"plots\">");
  CHECK(table.find("<th>goal</th><th class=\"num\">conditional throughput</th>") !=
        std::string::npos);
  CHECK(count(table, " Mpps</strong>") == 2);
  CHECK(count(table, " %</td>") == 2);
  CHECK(count(table, " Gbit/s</td>") == 2);
  CHECK(table.find("<th>Counters</th>") != std::string::npos);
  CHECK(table.find("<th>Notes</th>") != std::string::npos);
}

TEST_CASE("the page tells phones its width") {
  const std::string html = mlr_page();
  const auto viewport =
      html.find("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
  REQUIRE(viewport != std::string::npos);
  CHECK(viewport < html.find("</head>"));
  // Tables scroll inside their box, charts scale with their viewBox.
  CHECK(html.find("overflow-x: auto") != std::string::npos);
  CHECK(html.find(".chart { display: block; width: 100%;") != std::string::npos);
}

TEST_CASE("the loss-ratio chart has a log axis, a floor for zero loss and each goal's line") {
  const std::string html = mlr_page();
  const std::string chart = between(html, "<title>Loss ratio against load</title>", "</ul>");
  REQUIRE(!chart.empty());
  // Decade ticks from 1 down, the floor labelled 0 under them.
  for (const std::string tick : {">1</text>", ">1e-1</text>", ">1e-2</text>", ">1e-3</text>"}) {
    CHECK(chart.find(tick) != std::string::npos);
  }
  CHECK(chart.find("class=\"floor\"") != std::string::npos);
  CHECK(chart.find(">0</text>") != std::string::npos);
  CHECK(chart.find("loss ratio (log scale)") != std::string::npos);
  CHECK(chart.find("trial load [frames/s per direction]") != std::string::npos);
  // The legend: each goal's loss ratio, the trials, the floor and why it exists.
  CHECK(chart.find("NDR: goal loss ratio 0 (the floor line)</li>") != std::string::npos);
  CHECK(chart.find("PDR: goal loss ratio 5e-3</li>") != std::string::npos);
  CHECK(chart.find("log(0) does not exist</li>") != std::string::npos);
  CHECK(count(chart, "stroke-dasharray=\"8 4\"") == 2);
}

TEST_CASE("every chart has a legend and both axes labelled") {
  for (const std::string& html :
       {mlr_page(), report::render_plr_report({}, test::settling_soak())}) {
    const std::size_t charts = count(html, "class=\"chart\"");
    CHECK(charts >= 3);
    std::size_t from = 0;
    for (std::size_t i = 0; i < charts; ++i) {
      const auto start = html.find("class=\"chart\"", from);
      const auto end = html.find("</svg>", start);
      const std::string svg = html.substr(start, end - start);
      CHECK(count(svg, "class=\"axis\"") == 2);
      CHECK(count(svg, "[") >= 1);  // a unit on at least one axis ("[pps ...]", "[s]", ...)
      // The legend follows the chart before anything else does.
      CHECK(html.find("<ul class=\"legend\">", end) == end + std::string("</svg>\n").size());
      from = end;
    }
  }
}

TEST_CASE("no number in the visible text has more digits than the measurement supports") {
  CHECK(overlong_numbers("load 3199999.9999999995 pps") ==
        std::vector<std::string>{"3199999.9999999995"});
  CHECK(overlong_numbers("3.196 Mpps, 29\u2009999\u2009998 frames, 0.000123").empty());
  const test::SampleSearch limited = test::tester_limited_search();
  for (const std::string& html :
       {mlr_page(),
        report::render_mlr_report(test::trex_like_context("limited"), limited.config,
                                  limited.result),
        report::render_plr_report(test::trex_like_context("soak"), test::settling_soak())}) {
    const std::vector<std::string> found = overlong_numbers(visible_text(html));
    CHECK(found.empty());
    if (!found.empty()) MESSAGE("first overlong number: " << found.front());
  }
}

TEST_CASE("job names, goal names and notes are escaped") {
  const test::SampleSearch search = test::sharp_search("<b>NDR & co</b>");
  report::ReportContext context;
  context.title = "MLRsearch report: job 3 (<script>alert(1)</script>)";
  context.facts.emplace_back("Note", "\"quoted\" <i>");
  const std::string html = report::render_mlr_report(context, search.config, search.result);
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  CHECK(html.find("<b>NDR") == std::string::npos);
  CHECK(html.find("&lt;b&gt;NDR &amp; co&lt;/b&gt;") != std::string::npos);
  CHECK(html.find("&quot;quoted&quot; &lt;i&gt;") != std::string::npos);
  CHECK(balanced(html));

  report::PlrReportData soak = test::settling_soak();
  soak.trials[3].notes = measure::parse_notes({"other: <img src=x> & more"});
  const std::string plr = report::render_plr_report(context, soak);
  CHECK(plr.find("<img") == std::string::npos);
  CHECK(plr.find("other: &lt;img src=x&gt; &amp; more") != std::string::npos);
  CHECK(balanced(plr));
}

TEST_CASE("the bounds' convergence ends at the result's bounds, one step per counted trial") {
  const test::SampleSearch search = test::noisy_search();
  const auto steps = report::bound_convergence(search.config, search.result);
  REQUIRE(steps.size() == search.result.trials.size());  // no warmup in this search
  CHECK(steps.back().trial_number == search.result.trials.back().number);
  for (std::size_t goal = 0; goal < search.result.goals.size(); ++goal) {
    CAPTURE(goal);
    CHECK(steps.back().lower_pps[goal] == search.result.goals[goal].relevant_lower_bound_pps);
    CHECK(steps.back().upper_pps[goal] == search.result.goals[goal].relevant_upper_bound_pps);
  }
  // After the first trial (at max load, lossy) there is an upper bound, no lower one.
  CHECK(!steps.front().lower_pps[0].has_value());
  // Long searches are sampled, the last trial always kept.
  const auto sampled = report::bound_convergence(search.config, search.result, 10);
  CHECK(sampled.size() <= 10 + 1);
  CHECK(sampled.back().trial_number == search.result.trials.back().number);
}

TEST_CASE("an MLR report opens with the tester limit and marks tester-limited trials") {
  const test::SampleSearch search = test::tester_limited_search();
  REQUIRE(search.result.goals[0].tester_limit.has_value());
  std::size_t limited = 0;
  for (const auto& trial : search.result.trials) limited += trial.result.tester_limited() ? 1 : 0;
  REQUIRE(limited > 0);
  const std::string html = report::render_mlr_report({}, search.config, search.result);
  CHECK(balanced(html));
  CHECK(html.find("<script") == std::string::npos);
  // The first thing after the title, before the verdict.
  const auto warning = html.find(
      "<div class=\"warning\"><p><strong>Not a clean result: "
      "TESTER-LIMITED.</strong>");
  REQUIRE(warning != std::string::npos);
  CHECK(warning < html.find("<h2 id=\"verdict\">"));
  CHECK(html.find("the relevant upper bound " +
                  report::load_text(search.result.goals[0].relevant_upper_bound_pps)) !=
        std::string::npos);
  // In the verdict and in the goal's table.
  CHECK(count(html, "<td class=\"irregular\">TESTER-LIMITED (tester reached 1.000 Mpps)") == 2);
  // Hollow triangles in the charts, with a legend entry in each chart showing them
  // (the loss-ratio chart shows only the loads around the bounds).
  CHECK(count(html, "fill=\"none\" stroke=\"hsl(") >= 2 * limited);
  CHECK(count(html, "tester-limited trial (counted as full loss)</li>") >= 2);
  CHECK(count(html, "<tr><td class=\"num\">") == search.result.trials.size());
  CHECK(count(html, "<span class=\"tester-limited\">TESTER-LIMITED</span>: the tester reached") ==
        limited);
  CHECK(html.find("tester_limited: direction 0-&gt;1 sent ") != std::string::npos);
  CHECK(html.find("<h2>Per direction at the relevant bounds</h2>") != std::string::npos);
  CHECK(html.find("<td>1-&gt;0</td>") != std::string::npos);
  CHECK(html.find("<tr><th>tester_limited</th><td class=\"num\">" + std::to_string(limited) +
                  "</td>") != std::string::npos);
  CHECK(html.find("Counters: flow_stats (" + std::to_string(search.result.trials.size()) +
                  " trials).") != std::string::npos);
  // The verdict counts the trials with notes.
  CHECK(html.find(std::to_string(limited) + " of " + std::to_string(search.result.trials.size()) +
                  " trials carry notes") != std::string::npos);
}

TEST_CASE("a clean MLR report has no warning and no triangles") {
  const test::SampleSearch search = test::sharp_search();
  const std::string html = report::render_mlr_report({}, search.config, search.result);
  CHECK(html.find("class=\"warning\"") == std::string::npos);
  CHECK(html.find("<polygon points") == std::string::npos);
  CHECK(html.find("No trial has a note.") != std::string::npos);
  CHECK(html.find("none of the " + std::to_string(search.result.trials.size()) +
                  " trials has a note") != std::string::npos);
}

TEST_CASE(
    "the PLR report gives the estimate first, then its spread over time and losses on a log axis") {
  const report::PlrReportData soak = test::settling_soak();
  const std::string html = report::render_plr_report(test::trex_like_context("soak"), soak);
  CHECK(balanced(html));
  const std::string verdict = between(html, "<h2 id=\"verdict\">", "<h2 id=\"plots\">");
  // 1 Mpps - 2e5/60 with a stdev of 5 kpps: digits down to the stdev's second.
  CHECK(verdict.find("<strong>996.7 kpps</strong> &plusmn; 5.000 kpps (1 stdev)") !=
        std::string::npos);
  CHECK(verdict.find("<th>Target loss ratio</th><td>1e-7</td>") != std::string::npos);
  CHECK(verdict.find("<th>Trials</th><td>60 over 3\u2009600 s</td>") != std::string::npos);
  CHECK(html.find("<h2 id=\"verdict\">") < html.find("<title>Critical-load estimate over time"));
  CHECK(html.find("estimate +-1 stdev (posterior)</li>") != std::string::npos);
  const std::string losses = between(html, "<title>Trial loss ratio over time</title>", "</ul>");
  REQUIRE(!losses.empty());
  CHECK(losses.find("time [min]") != std::string::npos);
  CHECK(losses.find(">1e-8</text>") != std::string::npos);
  CHECK(losses.find("target loss ratio 1e-7</li>") != std::string::npos);
  // Trials 5, 10, ... lost nothing: on the floor.
  CHECK(losses.find("log(0) does not exist</li>") != std::string::npos);
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
      trial.notes = measure::parse_notes({"tester_limited: sent 9000000 of 9050000"});
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
  CHECK(warning < html.find("<h2 id=\"verdict\">"));
  CHECK(html.find("2 of them were the only losses: the SUT itself never lost frames") !=
        std::string::npos);
  CHECK(html.find("<td class=\"irregular\">TESTER-LIMITED: the estimate may describe the tester") !=
        std::string::npos);
  CHECK(html.find("<th>Tester limit</th><td><span class=\"irregular\">TESTER-LIMITED") !=
        std::string::npos);
  CHECK(count(html, "<polygon points") >= 4);  // loss-ratio and load charts
  CHECK(html.find("<h2>Per direction</h2>") != std::string::npos);
  CHECK(count(html, "<tr><td class=\"num\">") == 4);

  data.tester_limit->trials_below_sut_loss = 0;
  const std::string clean = report::render_plr_report({}, data);
  CHECK(clean.find("<div class=\"warning\">") == std::string::npos);
  CHECK(clean.find("they do not bear on the estimate") != std::string::npos);
}

TEST_CASE("a loss-ratio axis shows at least three decades and never more than fifteen") {
  const auto trial = [](double load, double loss_ratio) {
    report::LossPoint point;
    point.x = load;
    point.loss_ratio = loss_ratio;
    return point;
  };
  report::LossRatioChart chart;
  CHECK(report::lowest_decade(chart) == -8);  // nothing lossy: down to 1e-8
  chart.points.push_back(trial(1.0, 1.0));
  CHECK(report::lowest_decade(chart) == -3);  // full losses only
  chart.points.push_back(trial(2.0, 2.5e-6));
  CHECK(report::lowest_decade(chart) == -7);  // one decade below the smallest
  chart.lines.push_back({1e-9, "goal", "#000"});
  CHECK(report::lowest_decade(chart) == -10);
  chart.points.push_back(trial(3.0, 1e-30));
  CHECK(report::lowest_decade(chart) == -15);
  // A decade's own value sits on its tick, one decade above the axis' end.
  chart.points = {trial(1.0, 1e-4)};
  chart.lines.clear();
  CHECK(report::lowest_decade(chart) == -5);
}
