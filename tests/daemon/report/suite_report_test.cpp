// A suite as `show SUITE` and the suite report present it (docs/suites.md): values
// read from a constructed `show_suite` reply, the series an entry belongs to, the
// "at least" of a passed max_load, the table, CSV and plots.
#include <doctest/doctest.h>

#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/replies/suite_values.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/job_summary_codec.hpp"
#include "daemon/protocol/replies/suite_replies_codec.hpp"
#include "daemon/report/suite_report.hpp"

namespace trexsearch::cli {
namespace {

Json::Value line_rate(double frame_bytes) {
  Json::Value line(Json::objectValue);
  line["port_speed_gbps"] = 10.0;
  line["frame_bytes"] = frame_bytes;
  line["line_rate_pps"] = 10e9 / ((frame_bytes + 20.0) * 8.0);
  return line;
}

Json::Value goal(const std::string& name, double throughput, const std::string& irregular = "") {
  Json::Value value(Json::objectValue);
  value["name"] = name;
  value["conditional_throughput"] = throughput;
  value["relevant_lower_bound"] = throughput;
  value["relevant_upper_bound"] = throughput * 1.005;
  value["regular"] = irregular.empty();
  value["irregular_reason"] = irregular;
  value["tester_limited"] = Json::nullValue;
  return value;
}

Json::Value entry(std::int64_t job, const std::string& label, const std::string& frame_size,
                  double frame_bytes, const std::string& method, const std::string& state,
                  const Json::Value& result) {
  Json::Value item(Json::objectValue);
  item["position"] = job - 1;
  item["label"] = label;
  item["frame_size"] = frame_size;
  item["repeat"] = 1;
  protocol::JobSummary summary;
  summary.id = job;
  summary.name = "sizes/" + label;
  summary.method = method;
  summary.state = *protocol::job_state_from_string(state);
  summary.reason = state == "failed" ? "TRex unreachable" : "";
  summary.trial_count = 30;
  item["job"] = protocol::encode_job_summary(summary);
  item["result"] = result;
  item["trials_with_notes"] = result.isNull() ? Json::Value() : Json::Value(1);
  item["line_rate"] = line_rate(frame_bytes);
  return item;
}

Json::Value mlr_result(const std::vector<Json::Value>& goals) {
  Json::Value result(Json::objectValue);
  result["stop_reason"] = "completed";
  for (const Json::Value& value : goals) result["goals"].append(value);
  return result;
}

// 64 B under the SUT's 3 Mpps; 1518 B at line rate (max_load passed); an MRR at
// 1518 B over two directions; a failed 1280 B job.
Json::Value suite_reply() {
  Json::Value reply(Json::objectValue);
  reply["suite"]["id"] = 4;
  reply["suite"]["name"] = "sizes";
  reply["suite"]["created_at"] = "2026-11-25T05:00:00.000Z";
  reply["suite"]["submitted_by"] = "uid 0";
  reply["suite"]["job_count"] = 4;
  const double line_1518 = 10e9 / (1538.0 * 8.0);
  reply["entries"].append(
      entry(1, "ndr-64B", "64", 64.0, "mlr", "finished", mlr_result({goal("NDR", 2.99e6)})));
  reply["entries"].append(entry(2, "ndr-1518B", "1518", 1518.0, "mlr", "finished",
                                mlr_result({goal("NDR", line_1518, "max_load_is_lower_bound")})));
  Json::Value mrr(Json::objectValue);
  mrr["stop_reason"] = "completed";
  mrr["receive_rate"]["mean"] = 1.6e6;
  mrr["receive_rate"]["stdev"] = 1e3;
  mrr["directions"] = Json::Value(Json::arrayValue);
  mrr["directions"].append(Json::objectValue);
  mrr["directions"].append(Json::objectValue);
  mrr["tester_limited"] = false;
  reply["entries"].append(entry(3, "mrr-1518B", "1518", 1518.0, "mrr", "finished", mrr));
  reply["entries"].append(entry(4, "ndr-1280B", "1280", 1280.0, "mlr", "failed", Json::Value()));
  return reply;
}

// The suite as the CLI reads it: through the protocol's ShowSuiteReply.
report::SuiteReportData suite_data() {
  return suite_values(
      protocol::decode_reply<protocol::ShowSuiteReply>(protocol::make_document(suite_reply())));
}

}  // namespace

TEST_CASE(
    "suite values: series without the frame size, max_load passed as at least, MRR per direction") {
  const report::SuiteReportData data = suite_data();
  REQUIRE(data.entries.size() == 4);
  CHECK(data.entries[0].series == "ndr");
  CHECK(data.entries[2].series == "mrr");
  REQUIRE(data.entries[1].values.size() == 1);
  CHECK(data.entries[1].values[0].at_max_load);
  CHECK(data.entries[1].values[0].unclean_reason.empty());
  CHECK(*report::percent_of_line(data.entries[1], data.entries[1].values[0]) ==
        doctest::Approx(100.0));
  // The receive rate adds two directions up: 1.6 Mpps is 0.8 Mpps per direction.
  REQUIRE(data.entries[2].values.size() == 1);
  CHECK(data.entries[2].values[0].summed_directions == 2);
  CHECK(*report::l1_gbps(data.entries[2], data.entries[2].values[0]) ==
        doctest::Approx(0.8e6 * 1538.0 * 8.0 / 1e9));
  CHECK(*report::percent_of_line(data.entries[0], data.entries[0].values[0]) ==
        doctest::Approx(100.0 * 2.99e6 / (10e9 / 672.0)));
  CHECK(data.entries[3].values.empty());
  CHECK(data.entries[3].state == "failed");
}

TEST_CASE("show SUITE's text: at least for a passed max_load, a failed job by its state") {
  const std::string text = format_suite_data(suite_data());
  CHECK(text.find("suite 4 (sizes): 4 jobs, 4 ended") == 0);
  CHECK(text.find(">=812744") != std::string::npos);
  CHECK(text.find("800000") != std::string::npos);
  CHECK(text.find("failed") != std::string::npos);
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    CHECK(end - start <= 80);
    start = end + 1;
  }
}

TEST_CASE(
    "the suite report: table, warning for failed jobs, both plots with the line rate; CSV rows") {
  const report::SuiteReportData data = suite_data();
  const std::string html = report::render_suite_report(data);
  CHECK(html.find("<meta name=\"viewport\"") != std::string::npos);
  CHECK(html.find("3 of 4 jobs finished") != std::string::npos);
  CHECK(html.find("&ge; 812.7 kpps") != std::string::npos);
  CHECK(html.find("line rate of a 10.00 Gbit/s port") != std::string::npos);
  CHECK(html.find("Throughput, Gbit/s L1") != std::string::npos);
  CHECK(html.find("TRex unreachable") != std::string::npos);
  const std::string csv = report::suite_report_csv(data);
  std::size_t lines = 0;
  for (const char c : csv) lines += c == '\n' ? 1 : 0;
  CHECK(lines == 5);  // header + 3 values + the failed job
  CHECK(csv.find("sizes,ndr-1518B,1,1518,1518,2,mlr,finished,NDR,") != std::string::npos);

  report::SuiteReportData no_sizes = data;
  for (auto& item : no_sizes.entries) item.frame_size.clear();
  CHECK(report::render_suite_report(no_sizes).find("No plot") != std::string::npos);
}

TEST_CASE("show and report name a suite by name or suite:N; numbers are jobs") {
  CHECK_FALSE(names_suite("12"));
  CHECK(names_suite("nightly"));
  CHECK(names_suite("suite:3"));
  CHECK(suite_ref("suite:3") == protocol::SuiteRef{3, ""});
  CHECK(suite_ref("nightly") == protocol::SuiteRef{std::nullopt, "nightly"});
  CHECK_THROWS_AS(suite_ref("suite:x"), UsageError);
  CHECK_THROWS_AS(suite_ref("-3"), UsageError);
}

}  // namespace trexsearch::cli
