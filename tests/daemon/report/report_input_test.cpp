// The report made from the daemon's JSON: decoding `result`/`show`/`analyze`
// replies, the PLRsearch report and the CSV of the trials.
#include "daemon/report/input/report_input_codec.hpp"

#include <doctest/doctest.h>
#include <json/value.h>

#include <string>

#include "daemon/codec/search_result_codec.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/measurers/virtual_time_measurer.hpp"
#include "daemon/protocol/document.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/result_document_codec.hpp"
#include "daemon/report/input/plr_report_input.hpp"
#include "daemon/report/mlr_report.hpp"
#include "daemon/report/page/display_number.hpp"
#include "daemon/report/page/html_text.hpp"
#include "daemon/report/plr_report.hpp"
#include "daemon/report/trial_csv.hpp"
#include "measure/errors.hpp"
#include "search/controller.hpp"
#include "sim/sut_measurer.hpp"
#include "tests/support/text_count.hpp"

using namespace trexsearch;

namespace {

mlr::SearchResult noisy_search(mlr::ControllerConfig& config) {
  mlr::SearchGoal ndr;
  ndr.name = "NDR";
  mlr::SearchGoal pdr = ndr;
  pdr.name = "PDR";
  pdr.loss_ratio = 0.005;
  config.goals = {ndr, pdr};
  config.min_load_pps = 10000.0;
  config.max_load_pps = 5e6;
  sim::SutMeasurer sut(sim::make_sut("noisy", {{"capacity_pps", 3.2e6}}, 7));
  measure::ManualClock clock;
  VirtualTimeMeasurer timed(sut, clock);
  return mlr::Controller(config, clock).search(timed);
}

// A PLR result document as the report gets it: read by the protocol's decoder.
report::PlrReportData plr_report(const Json::Value& json) {
  return report::plr_report_of(protocol::decode_plr_view(json, "result"));
}

protocol::JobSummary job_of(std::int64_t id, const std::string& name, const std::string& method,
                            const std::string& measurer) {
  protocol::JobSummary job;
  job.id = id;
  job.name = name;
  job.method = method;
  job.measurer = measurer;
  return job;
}

std::size_t count(const std::string& text, const std::string& what) {
  return test_support::count_occurrences(text, what);
}

/// A short PLRsearch run in the `encode_plr_result` shape: the estimate settles
/// near 1 Mpps while the stretch and erf fits bracket it.
Json::Value plr_json() {
  Json::Value trials(Json::arrayValue);
  for (int i = 1; i <= 12; ++i) {
    Json::Value trial(Json::objectValue);
    trial["number"] = i;
    trial["load"] = 1e6 + 1e4 * (i % 3);
    trial["intended_duration"] = 60.0;
    trial["effective_duration"] = 60.0;
    trial["offered_count"] = 60000000;
    trial["loss_count"] = i % 4 == 0 ? -3 : i % 3;
    trial["intended_count"] = 60000000;
    trial["loss_ratio"] = (i % 3) / 6e7;
    trial["notes"] = Json::Value(Json::arrayValue);
    trial["started_at"] = 60.0 * (i - 1);
    trial["finished_at"] = 60.0 * i;
    trial["lossy"] = i % 3 != 0;
    if (i > 1) {
      Json::Value estimate(Json::objectValue);
      estimate["average"] = 1e6 - 1e5 / i;
      estimate["stdev"] = 2e5 / i;
      estimate["lower"] = estimate["average"].asDouble() - estimate["stdev"].asDouble();
      estimate["upper"] = estimate["average"].asDouble() + estimate["stdev"].asDouble();
      trial["estimate"] = estimate;
    } else {
      trial["estimate"] = Json::Value();
    }
    Json::Value fits(Json::objectValue);
    fits["stretch"]["average"] = 1.01e6 - 1e5 / i;
    fits["erf"]["average"] = 0.99e6 - 1e5 / i;
    trial["fits"] = fits;
    trials.append(trial);
  }
  Json::Value result(Json::objectValue);
  result["trials"] = trials;
  result["totals"]["trial_count"] = 12;
  result["totals"]["run_duration"] = 720.0;
  result["estimate"]["average"] = 991666.6;
  result["estimate"]["stdev"] = 16666.6;
  result["estimate"]["lower"] = 991666.6 - 16666.6;
  result["estimate"]["upper"] = 991666.6 + 16666.6;
  // Relative: ln(estimate) per hour, 0.0012 = 0.12 % per hour.
  result["trend"]["slope_per_hour"] = 0.0012;
  result["trend"]["slope_stderr_per_hour"] = 0.002;
  result["trend"]["significant"] = false;
  result["trend"]["points"] = 6;
  result["trend"]["window_start"] = 360.0;
  result["trend"]["window_end"] = 1080.0;
  result["stop_reason"] = "duration_reached";
  result["stop_detail"] = "";
  return result;
}

}  // namespace

TEST_CASE("a result decoded from the daemon's JSON reports the same numbers as the JSON") {
  mlr::ControllerConfig config;
  const mlr::SearchResult search = noisy_search(config);
  const Json::Value json = codec::encode_search_result(search);
  const mlr::SearchResult decoded = report::decode_mlr_result(json, "result");
  REQUIRE(decoded.trials.size() == search.trials.size());
  REQUIRE(decoded.goals.size() == 2);
  CHECK(decoded.stop_reason == search.stop_reason);
  CHECK(decoded.search_duration.count() == doctest::Approx(search.search_duration.count()));
  // Round trip: encoding the decoded result gives the same trials and bounds.
  const Json::Value again = codec::encode_search_result(decoded);
  CHECK(again["trials"] == json["trials"]);
  for (Json::ArrayIndex i = 0; i < 2; ++i) {
    CHECK(again["goals"][i]["relevant_lower_bound"] == json["goals"][i]["relevant_lower_bound"]);
    CHECK(again["goals"][i]["relevant_upper_bound"] == json["goals"][i]["relevant_upper_bound"]);
    CHECK(again["goals"][i]["conditional_throughput"] ==
          json["goals"][i]["conditional_throughput"]);
    CHECK(again["goals"][i]["regular"] == json["goals"][i]["regular"]);
  }
  const std::string html = report::render_mlr_report({}, config, decoded);
  for (const Json::Value& goal : json["goals"]) {
    CHECK(html.find(report::load_text(goal["conditional_throughput"].asDouble())) !=
          std::string::npos);
    CHECK(html.find(report::load_text(goal["relevant_lower_bound"].asDouble())) !=
          std::string::npos);
  }
}

TEST_CASE("a running job's trials (show shape, nulls for defaults) decode without stop fields") {
  const Json::Value shown = codec::parse_strict_json(R"({"trials": [
      {"number": 1, "phase": "initial", "load": 2e6, "intended_duration": 1,
       "effective_duration": null, "offered_count": 2000000, "loss_count": 1000,
       "intended_count": null, "loss_ratio": 0.0005, "notes": ["stretched"],
       "started_at": 0, "recorded_at": "2026-11-22T06:00:00Z"},
      {"number": 2, "phase": "main", "load": 1e6, "intended_duration": 1,
       "effective_duration": 1.5, "offered_count": null, "loss_count": null,
       "intended_count": null, "loss_ratio": 0, "notes": [], "started_at": 1,
       "recorded_at": "2026-11-22T06:00:01Z"}]})",
                                                     "test");
  const mlr::SearchResult decoded = report::decode_mlr_result(shown, "show");
  REQUIRE(decoded.trials.size() == 2);
  CHECK(decoded.trials[0].result.counts()->loss == 1000);
  CHECK(decoded.trials[0].result.effective_duration().count() == 1.0);
  CHECK(measure::note_texts(decoded.trials[0].result.notes()) ==
        std::vector<std::string>{"stretched"});
  CHECK(decoded.trials[1].result.effective_duration().count() == 1.5);
  CHECK(decoded.trials[1].phase == mlr::TrialPhase::main);
  CHECK(decoded.stop_detail.find("still running") != std::string::npos);
  CHECK(decoded.search_duration.count() == doctest::Approx(2.5));
}

TEST_CASE("bad result JSON names the field and the value") {
  const auto error_of = [](const std::string& text) {
    try {
      report::decode_mlr_result(codec::parse_strict_json(text, "test"), "result");
    } catch (const measure::ConfigError& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  CHECK(error_of(R"({"trials": [{"number": 1, "phase": "later", "load": 1,
                     "intended_duration": 1, "loss_ratio": 0}]})")
            .find("result.trials[0].phase") != std::string::npos);
  CHECK(error_of(R"({"trials": [{"number": 1, "phase": "main", "load": "fast",
                     "intended_duration": 1, "loss_ratio": 0}]})")
            .find("result.trials[0].load") != std::string::npos);
  CHECK(error_of(R"({"stop_reason": "bored"})").find("bored") != std::string::npos);
  CHECK(error_of(R"({"trials": 3})").find("result.trials") != std::string::npos);
  CHECK(error_of(R"([1])").find("must be an object") != std::string::npos);
}

TEST_CASE("the job record becomes the report header, with measurer-specific statements") {
  protocol::JobSummary job = job_of(7, "night", "mlr", "trex");
  job.state = protocol::JobState::finished;
  job.profile = "ipv4-udp-64b-bidir";
  job.trex_version = "v3.04";
  job.started_at = "2026-11-22T01:00:00Z";
  job.finished_at = "2026-11-22T01:20:00Z";
  const protocol::Document spec = protocol::parse_document(R"({"min_load": 1000})", "test");
  const report::ReportContext context = report::report_context(job, spec);
  CHECK(context.title == "MLRsearch report: job 7 (night)");
  const auto has = [&](const std::string& name, const std::string& value) {
    for (const auto& [n, v] : context.facts) {
      if (n == name && v == value) return true;
    }
    return false;
  };
  CHECK(has("Profile", "ipv4-udp-64b-bidir"));
  CHECK(has("TRex version", "v3.04"));
  CHECK(has("Started", "2026-11-22T01:00:00Z"));
  CHECK(has("Ended", "2026-11-22T01:20:00Z"));
  // The config is raw data, shown collapsed at the end, not a header fact.
  REQUIRE(context.raw.size() == 1);
  CHECK(context.raw[0].first == "Search config");
  CHECK(context.raw[0].second.find("\"min_load\": 1000") != std::string::npos);
  const Json::Value whole = codec::parse_strict_json(
      R"({"method": "mlr", "spec": {"min_load": 5}, "measurer": {"kind": "sim"}})", "test");
  const report::ReportContext sim =
      report::report_context(job_of(8, "", "mlr", "sim"), protocol::make_document(whole));
  REQUIRE(sim.raw.size() == 2);
  CHECK(sim.raw[1].first == "Measurer config");
  CHECK(sim.raw[1].second.find("\"kind\": \"sim\"") != std::string::npos);
  CHECK(sim.raw[0].second.find("\"min_load\": 5") != std::string::npos);
  CHECK(sim.effective_duration_method.find("simulated") != std::string::npos);
  CHECK(report::search_spec(whole)["min_load"].asInt() == 5);
  CHECK(!sim.directions);
  const Json::Value trex_job = codec::parse_strict_json(
      R"({"spec": {}, "measurer": {"kind": "trex", "profile": {"frame_size": 64,
          "port_pairs": [{"ports": [0, 1], "bidirectional": true},
                         {"ports": [2, 3], "bidirectional": false}]}}})",
      "test");
  const report::ReportContext trex =
      report::report_context(job_of(9, "", "mlr", "trex"), protocol::make_document(trex_job));
  CHECK(trex.directions == 3);
  CHECK(trex.frame_bits == doctest::Approx(672.0));
  CHECK(context.effective_duration_method.find("measurer's clock") != std::string::npos);
  CHECK(context.rfc2544_deviations.find("settle") != std::string::npos);
}

TEST_CASE("the PLR report plots the estimate settling, loads, losses and states the trend") {
  const Json::Value json = plr_json();
  const report::PlrReportData data = plr_report(json);
  REQUIRE(data.trials.size() == 12);
  CHECK(!data.trials[0].estimate);
  CHECK(data.trials[3].loss_count == -3);
  REQUIRE(data.trend);
  CHECK(!data.trend->significant);
  report::ReportContext context;
  context.title = "Soak";
  const std::string html = report::render_plr_report(context, data);
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  // Estimate, its close-up, loss ratio, loads (legend swatches are <svg> too).
  CHECK(count(html, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\"") == 4);
  CHECK(html.find("<script") == std::string::npos);
  // The close-up of the estimate clips its lines to the plot.
  CHECK(html.find("Close-up: the estimate around its final value") != std::string::npos);
  CHECK(count(html, "<clipPath") == 1);
  CHECK(html.find("Critical-load estimate over time") != std::string::npos);
  CHECK(html.find("stretch fit") != std::string::npos);
  CHECK(html.find("erf fit") != std::string::npos);
  // +-stdev band: a filled polygon for the average series.
  CHECK(html.find("<polygon") != std::string::npos);
  const double average = json["estimate"]["average"].asDouble();
  const double stdev = json["estimate"]["stdev"].asDouble();
  CHECK(html.find(report::load_text(average, stdev)) != std::string::npos);
  CHECK(html.find(report::load_text(stdev)) != std::string::npos);
  CHECK(html.find("Slope [% per hour]") != std::string::npos);
  CHECK(html.find(">0.12</td>") != std::string::npos);
  CHECK(html.find("the estimate has settled") != std::string::npos);
  // A window of a few minutes shows convergence, not the SUT: no verdict.
  report::PlrReportData short_run = data;
  short_run.trend->window_end_s = short_run.trend->window_start_s + 120.0;
  CHECK(report::render_plr_report(context, short_run).find("cannot tell") != std::string::npos);
  CHECK(html.find("duration_reached") != std::string::npos);
  CHECK(count(html, "<tr><td class=\"num\">") == 12);
}

TEST_CASE("the PLR report of a run without estimates yet says so") {
  report::PlrReportData data;
  const std::string html = report::render_plr_report({}, data);
  CHECK(html.find("No estimate yet") != std::string::npos);
  CHECK(html.find("still running") != std::string::npos);
  CHECK(html.find("Too few estimates for a trend") != std::string::npos);
}

TEST_CASE("trials as CSV: a header and one quoted-where-needed row per trial") {
  mlr::ControllerConfig config;
  const mlr::SearchResult search = noisy_search(config);
  const std::string csv = report::mlr_trials_csv(search);
  CHECK(csv.rfind("number,phase,started_at_s,load_pps,", 0) == 0);
  CHECK(count(csv, "\r\n") == search.trials.size() + 1);
  const Json::Value shown = codec::parse_strict_json(
      R"({"trials": [{"number": 1, "phase": "main", "load": 5, "intended_duration": 1,
           "offered_count": 5, "loss_count": 0, "loss_ratio": 0, "notes": ["a, \"b\""]}]})",
      "test");
  const std::string quoted = report::mlr_trials_csv(report::decode_mlr_result(shown, "show"));
  CHECK(quoted.find(",\"a, \"\"b\"\"\"\r\n") != std::string::npos);
  const std::string plr = report::plr_trials_csv(plr_report(plr_json()));
  CHECK(plr.rfind("number,finished_at_s,load_pps,", 0) == 0);
  CHECK(count(plr, "\r\n") == 13);
  CHECK(plr.find("\r\n4,240,") != std::string::npos);
}

TEST_CASE("CSV columns: the measured loss, the tester limit, counters, each direction, notes") {
  const Json::Value shown = codec::parse_strict_json(
      R"({"trials": [
        {"number": 1, "phase": "main", "load": 1000, "intended_duration": 1,
         "offered_count": 1990, "loss_count": 5, "intended_count": 2000, "loss_ratio": 1,
         "tester_limited_pps": 990, "counters": "flow_stats",
         "directions": [{"direction": "0->1", "intended": 1000, "offered": 990, "received": 985},
                        {"direction": "1->0", "intended": 1000, "offered": 1000, "received": 1000}],
         "notes": ["tester_limited: direction 0->1 sent 990 of 1000", "repeated: attempt 2"]},
        {"number": 2, "phase": "main", "load": 500, "intended_duration": 1,
         "offered_count": 500, "loss_count": 0, "loss_ratio": 0, "notes": []}]})",
      "test");
  const std::string csv = report::mlr_trials_csv(report::decode_mlr_result(shown, "show"));
  INFO(csv);
  CHECK(csv.rfind("number,phase,started_at_s,load_pps,intended_duration_s,effective_duration_s,"
                  "offered_count,loss_count,intended_count,loss_ratio,measured_loss_ratio,"
                  "tester_limited_pps,counters,0->1_intended,0->1_offered,0->1_received,"
                  "0->1_loss,0->1_unsent,0->1_loss_ratio,1->0_intended,1->0_offered,"
                  "1->0_received,1->0_loss,1->0_unsent,1->0_loss_ratio,notes\r\n",
                  0) == 0);
  // Counted as full loss; the counts say (5 + 10) / 2000.
  CHECK(csv.find("\r\n1,main,0,1000,1,1,1990,5,2000,1,0.0075,990,flow_stats,"
                 "1000,990,985,5,10,0.015,1000,1000,1000,0,0,0,"
                 "\"tester_limited: direction 0->1 sent 990 of 1000; repeated: attempt 2\"\r\n") !=
        std::string::npos);
  // A trial without per-direction counts leaves those columns empty.
  CHECK(csv.find("\r\n2,main,0,500,1,1,500,0,500,0,0,,,,,,,,,,,,,,,\"\"\r\n") != std::string::npos);

  Json::Value plr = plr_json();
  plr["trials"][0]["tester_limited_pps"] = 5e5;
  plr["trials"][0]["measured_loss_ratio"] = 0.5;
  plr["trials"][0]["counters"] = "port";
  plr["trials"][0]["notes"].append("port_counters: counted with port counters");
  const std::string plr_csv = report::plr_trials_csv(plr_report(plr));
  CHECK(plr_csv.find(",measured_loss_ratio,tester_limited_pps,counters,notes\r\n") !=
        std::string::npos);
  CHECK(plr_csv.find(",0.5,500000,port,\"port_counters: counted with port counters\"\r\n") !=
        std::string::npos);
}
