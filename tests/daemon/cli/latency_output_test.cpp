#include <doctest/doctest.h>

#include <json/value.h>

#include "daemon/cli/replies/result_format.hpp"
#include "daemon/cli/text/latency_text.hpp"
#include "daemon/cli/text/trial_text.hpp"
#include "daemon/codec/latency_codec.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/events/event_codec.hpp"
#include "daemon/protocol/replies/result_document_codec.hpp"
#include "daemon/protocol/replies/trial_record_codec.hpp"
#include "daemon/report/latency_report.hpp"
#include "daemon/report/trial_csv.hpp"

namespace trexsearch {
namespace {

measure::DirectionLatency direction(const std::string& name, std::uint64_t p50) {
  measure::DirectionLatency d;
  d.name = name;
  d.rate_pps = 9000.0;
  d.sent = 9000;
  d.received = 9000;
  d.summary.samples = 9000;
  d.summary.min_us = p50 / 2;
  d.summary.mean_us = static_cast<double>(p50);
  d.summary.p50_us = p50;
  d.summary.p90_us = p50 + 5;
  d.summary.p99_us = p50 + 10;
  d.summary.p999_us = p50 + 20;
  d.summary.max_us = p50 + 50;
  d.summary.method = measure::PercentileMethod::hdrh;
  d.summary.resolution_us = 1;
  return d;
}

latency::LatencyPhaseResult phase() {
  latency::LatencyPhaseResult result;
  const double fractions[] = {0.0, 0.1, 0.5, 0.9};
  const double loads[] = {9000.0, 100000.0, 500000.0, 900000.0};
  for (int i = 0; i < 4; ++i) {
    result.points.push_back({"PDR",
                             fractions[i],
                             loads[i],
                             measure::Seconds{5.0},
                             static_cast<std::size_t>(40 - i),
                             0.0,
                             {direction("0->1", 10 + 10 * static_cast<std::uint64_t>(i)),
                              direction("1->0", 11 + 10 * static_cast<std::uint64_t>(i))},
                             {}});
  }
  result.points[0].notes =
      measure::parse_notes({"latency_loss: 0->1 lost 1 of 9000 latency frames"});
  result.notes = {"NDR: no latency trials, the search found no conditional throughput"};
  return result;
}

}  // namespace

TEST_CASE(
    "result prints the latency phase as a table per goal, fraction and direction, with notes") {
  Json::Value search(Json::objectValue);
  search["stop_reason"] = "completed";
  search["totals"]["trial_count"] = 10;
  search["goals"] = Json::Value(Json::arrayValue);
  codec::encode_latency_phase(phase(), search);
  const std::string text = cli::format_latency_phase(codec::decode_latency_phase(search, "result"));
  CHECK(text.find("GOAL  FRACTION  LOAD [pps]  DIR") != std::string::npos);
  CHECK(text.find("P99.9") != std::string::npos);
  // 90 % of PDR, direction 1->0: P50 41, P90 46, P99 51, P99.9 61, max 91.
  CHECK(text.find("90 %    900000.0  1->0   41   46   51     61   91  hdrh") != std::string::npos);
  CHECK(text.find("PDR 0 %: latency_loss") != std::string::npos);
  CHECK(text.find("NDR: no latency trials") != std::string::npos);
  Json::Value result(Json::objectValue);
  result["job"]["id"] = 3;
  result["job"]["method"] = "mlr";
  result["job"]["state"] = "finished";
  result["result"] = search;
  protocol::ResultReply reply;
  reply.job.id = 3;
  reply.job.method = "mlr";
  reply.job.state = protocol::JobState::finished;
  reply.result = protocol::decode_result_document(search, "mlr", "result");
  CHECK(cli::format_result(reply).find("latency [us]") != std::string::npos);
  CHECK(cli::format_latency_phase(latency::LatencyPhaseResult{}).empty());
}

TEST_CASE("a latency trial's lines in show and watch carry its percentiles per direction") {
  Json::Value trial(Json::objectValue);
  trial["number"] = 40;
  trial["phase"] = "latency";
  trial["load"] = 900000.0;
  trial["intended_duration"] = 5.0;
  trial["loss_ratio"] = 0.0;
  trial["latency"] =
      codec::encode_latency_list({direction("0->1", 40)}, codec::LatencyHistograms::leave_out);
  const protocol::TrialRecord record = protocol::decode_trial_record(trial, "trial");
  CHECK(cli::format_trial_line(record).find("[latency]") != std::string::npos);
  const auto lines = cli::trial_detail_lines(record);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == "    latency 0->1: P50 40, P90 45, P99 50, P99.9 60, max 90 us (hdrh)");
  // A watch event keeps the latency for the same lines.
  Json::Value event(Json::objectValue);
  event["trial"] = 40;
  event["load"] = 900000.0;
  event["duration"] = 5.0;
  event["phase"] = "latency";
  event["latency"] = trial["latency"];
  event["loss_ratio"] = 0.0;
  event["search_time"] = 200.0;
  event["job"] = 3;
  event["trial_count"] = 40;
  event["goals"] = Json::Value(Json::arrayValue);
  const auto decoded =
      protocol::decode_event_arguments<protocol::TrialEvent>(protocol::make_document(event));
  REQUIRE(decoded.trial.has_value());
  CHECK(cli::trial_detail_lines(*decoded.trial) == lines);
}

TEST_CASE("a soak's latency trend prints per direction, a growing one loudly") {
  const Json::Value search = codec::parse_strict_json(
      R"({"latency_trend": {"percentile": "p99", "flagged": true, "directions": [
           {"direction": "0->1", "points": 40, "judged": true, "flagged": true,
            "first_quarter_us": 20, "last_quarter_us": 45, "growth_us": 25, "noise_us": 1,
            "threshold_us": 2.5, "slope_us_per_hour": 30},
           {"direction": "1->0", "points": 5, "judged": false, "flagged": false,
            "first_quarter_us": 0, "last_quarter_us": 0, "growth_us": 0, "noise_us": 0,
            "threshold_us": 0, "slope_us_per_hour": 0}]}})",
      "test");
  const std::string text = cli::format_latency_trend(
      codec::decode_latency_trend(search["latency_trend"], "result.latency_trend"));
  CHECK(cli::format_latency_trend(std::nullopt).empty());
  CHECK(text.find("latency trend 0->1: P99 20.0 -> 45.0 us") != std::string::npos);
  CHECK(text.find("GROWING") != std::string::npos);
  CHECK(text.find("1->0: too few trials") != std::string::npos);
}

TEST_CASE("the MLR report plots latency against load and tables every direction") {
  const std::string html = report::mlr_latency_section(phase());
  CHECK(html.find("<h2>Latency</h2>") != std::string::npos);
  CHECK(html.find("<svg") != std::string::npos);
  CHECK(html.find("Latency against load at fractions of PDR") != std::string::npos);
  CHECK(html.find("0-&gt;1 P99") != std::string::npos);
  CHECK(html.find("<td class=\"num\">90 %</td>") != std::string::npos);
  CHECK(html.find("NDR: no latency trials") != std::string::npos);
  CHECK(report::mlr_latency_section({}).empty());
}

TEST_CASE("the PLR report shows latency over time and the trend verdict; CSV has latency columns") {
  report::PlrReportData data;
  for (std::size_t i = 0; i < 10; ++i) {
    report::PlrReportTrial trial;
    trial.number = i + 1;
    trial.finished_at_s = 60.0 * static_cast<double>(i + 1);
    trial.load_pps = 1e6;
    trial.duration_s = 60.0;
    trial.latency = {direction("0->1", 10 + 5 * i)};
    data.trials.push_back(trial);
  }
  data.trials[3].latency.clear();
  std::vector<latency::LatencyAtTime> series;
  for (const auto& trial : data.trials) {
    if (!trial.latency.empty()) series.push_back({trial.finished_at_s, trial.latency});
  }
  data.latency_trend = latency::latency_trend(series);
  REQUIRE(data.latency_trend->flagged());
  data.run_duration_s = 600.0;
  const std::string html = report::plr_latency_section(data);
  CHECK(html.find("Latency over the soak") != std::string::npos);
  CHECK(html.find("LATENCY TREND") != std::string::npos);
  CHECK(html.find("GROWING") != std::string::npos);

  const std::string csv = report::plr_trials_csv(data);
  CHECK(csv.find(",0->1_lat_sent,0->1_lat_received,0->1_min_us,0->1_mean_us,0->1_p50_us,"
                 "0->1_p90_us,0->1_p99_us,0->1_p999_us,0->1_max_us,0->1_lat_method,notes") !=
        std::string::npos);
  // Trial 1: P50 10 ... max 60; trial 4 has none: empty fields.
  CHECK(csv.find(",9000,9000,5,10,10,15,20,30,60,hdrh,") != std::string::npos);
  CHECK(csv.find(",,,,,,,,,,\"\"") != std::string::npos);
}

}  // namespace trexsearch
