// `trex-search export`'s pieces without a daemon: UTC times of --since/--until,
// the job filter, and the records made from the daemon's JSON (docs/export.md).
#include "daemon/cli/analysis/export_records_codec.hpp"

#include <doctest/doctest.h>
#include <json/reader.h>

#include <sstream>

#include "daemon/cli/analysis/export_filter.hpp"
#include "daemon/cli/command/command_errors.hpp"

using namespace trexsearch::cli;

namespace {

Json::Value json(const std::string& text) {
  Json::Value value;
  std::istringstream stream(text);
  std::string errors;
  REQUIRE(Json::parseFromStream(Json::CharReaderBuilder(), stream, &value, &errors));
  return value;
}

Json::Value job(const std::string& name, const std::string& method, const std::string& state,
                const std::string& created_at) {
  Json::Value value(Json::objectValue);
  value["id"] = 7;
  value["name"] = name;
  value["method"] = method;
  value["state"] = state;
  value["created_at"] = created_at;
  value["trex_version"] = Json::Value();
  return value;
}

// The same job as `list` types it, for the filter.
namespace protocol = trexsearch::protocol;

protocol::JobSummary summary(const std::string& name, const std::string& method,
                             const std::string& state, const std::string& created_at) {
  protocol::JobSummary job;
  job.id = 7;
  job.name = name;
  job.method = method;
  job.state = *protocol::job_state_from_string(state);
  job.created_at = created_at;
  return job;
}

}  // namespace

TEST_CASE("UTC times for --since and --until: a date, minutes, seconds, fractions, Z or not") {
  constexpr UnixMillis day = 1764028800000;  // 2025-11-25T00:00:00Z
  CHECK(parse_utc_time("2025-11-25", "--since") == day);
  CHECK(parse_utc_time("2025-11-25Z", "--since") == day);
  CHECK(parse_utc_time("2025-11-25T08:30", "--since") == day + 30600000);
  CHECK(parse_utc_time("2025-11-25 08:30:15Z", "--since") == day + 30615000);
  CHECK(parse_utc_time("2025-11-25T00:00:00.25", "--since") == day + 250);
  CHECK(parse_utc_time("2025-11-25T00:00:00.123999Z", "--since") == day + 123);
  CHECK(parse_utc_time("2024-02-29", "--since") == 1709164800000);
  for (const char* bad : {"", "2025", "2025-11", "2025-13-01", "2025-02-29", "2025-11-25T25:00",
                          "2025-11-25T08", "2025-11-25T08:00:00+02:00", "2025-11-25T08:00:00.",
                          "25-11-2025", "yesterday", "2025-11-25T08:00:60"}) {
    CAPTURE(bad);
    CHECK_THROWS_WITH_AS(parse_utc_time(bad, "--until"),
                         ("--until '" + std::string(bad) +
                          "': not a UTC date or time; use ISO 8601, "
                          "e.g. 2026-11-25, 2026-11-25T08:00:00Z "
                          "or 2026-11-25T08:00:00.250Z (no other "
                          "time zones)")
                             .c_str(),
                         UsageError);
  }
}

TEST_CASE("the export filter: state set, method, exact name or glob, since included, until not") {
  const protocol::JobSummary nightly =
      summary("nightly-64B", "mlr", "finished", "2025-11-25T08:00:00.000Z");
  const ExportFilter ended = make_export_filter({}, {}, "ended", {}, {});
  CHECK(ended.matches(nightly));
  CHECK(ended.matches(summary("x", "plr", "cancelled", "2025-11-25T08:00:00.000Z")));
  CHECK(!ended.matches(summary("x", "plr", "running", "2025-11-25T08:00:00.000Z")));
  CHECK(make_export_filter({}, {}, "all", {}, {}).matches(summary("", "mlr", "queued", "")));
  CHECK(!make_export_filter({}, std::string("plr"), "ended", {}, {}).matches(nightly));
  CHECK(make_export_filter(std::string("nightly-*"), {}, "ended", {}, {}).matches(nightly));
  CHECK(make_export_filter(std::string("nightly-[0-9]?B"), {}, "ended", {}, {}).matches(nightly));
  CHECK(!make_export_filter(std::string("nightly"), {}, "ended", {}, {}).matches(nightly));
  CHECK(make_export_filter(std::string("nightly-64B"), {}, "ended", {}, {}).matches(nightly));
  const auto dated = [](const char* since, const char* until) {
    return make_export_filter({}, {}, "ended",
                              since ? std::optional<std::string>(since) : std::nullopt,
                              until ? std::optional<std::string>(until) : std::nullopt);
  };
  CHECK(dated("2025-11-25T08:00", nullptr).matches(nightly));
  CHECK(!dated("2025-11-25T08:00:00.001", nullptr).matches(nightly));
  CHECK(!dated(nullptr, "2025-11-25T08:00").matches(nightly));
  CHECK(dated(nullptr, "2025-11-25T08:00:00.001").matches(nightly));
  CHECK(dated("2025-11-25", "2025-11-26").matches(nightly));
  CHECK_THROWS_AS(dated("2025-11-26", "2025-11-25"), UsageError);
  CHECK_THROWS_AS(dated("2025-11-25", nullptr).matches(summary("x", "mlr", "failed", "garbage")),
                  std::runtime_error);
  CHECK_THROWS_AS(make_export_filter({}, std::string("MLR"), "ended", {}, {}), UsageError);
  CHECK_THROWS_AS(make_export_filter({}, {}, "done", {}, {}), UsageError);
}

TEST_CASE("export records: JSON lines carry format, version, type and job; CSV quotes names") {
  ExportedJob exported;
  exported.job = job("a, \"quoted\" name", "mlr", "finished", "2025-11-25T08:00:00.000Z");
  exported.spec = json(R"({"method": "mlr"})");
  exported.trials = json(R"([{"number": 1, "phase": "main", "load": 1000000.0,
      "intended_duration": 1.0, "effective_duration": null, "offered_count": 1000000,
      "loss_count": 0, "intended_count": null, "loss_ratio": 0.0, "measured_loss_ratio": 0.0,
      "notes": ["repeated: TRex restarted", "other: x"],
      "directions": [{"direction": "0->1", "intended": 500000, "offered": 500000,
                      "received": 499995, "loss": 5, "unsent": 0, "loss_ratio": 1e-05}],
      "started_at": 0.0, "recorded_at": "2025-11-25T08:00:01.000Z"}])");
  exported.result = json(R"({"trials": [], "stop_reason": "completed", "goals": [],
                             "totals": {"trial_count": 1}})");

  const Json::Value job_line = json(job_json_line(exported));
  CHECK(job_line["format"].asString() == kExportFormat);
  CHECK(job_line["version"].asInt() == kExportVersion);
  CHECK(job_line["type"].asString() == "job");
  CHECK(job_line["job"].asInt() == 7);
  CHECK(!job_line.isMember("id"));
  CHECK(job_line["spec"]["method"].asString() == "mlr");
  const Json::Value result_line = json(result_json_line(exported));
  CHECK(result_line["type"].asString() == "result");
  CHECK(result_line["method"].asString() == "mlr");
  CHECK(!result_line.isMember("trials"));
  const std::string trials = trial_json_lines(exported);
  CHECK(trials.find('\n') == trials.size() - 1);
  CHECK(json(trials)["type"].asString() == "trial");
  exported.result = Json::Value();
  CHECK(result_json_line(exported).empty());
  CHECK(csv_rows(ExportRecord::result, exported).empty());

  CHECK(csv_rows(ExportRecord::job, exported).rfind("7,\"a, \"\"quoted\"\" name\",mlr,", 0) == 0);
  CHECK(csv_rows(ExportRecord::trial, exported) ==
        "7,\"a, \"\"quoted\"\" name\",mlr,1,main,0,2025-11-25T08:00:01.000Z,1000000,1,1,"
        "1000000,0,1000000,0,0,,,,,\"repeated: TRex restarted; other: x\"\r\n");
  CHECK(csv_rows(ExportRecord::direction, exported) ==
        "7,1,0->1,500000,500000,499995,5,0,0.00001\r\n");
  CHECK(csv_header(ExportRecord::direction) ==
        "job,trial,direction,intended,offered,received,loss,unsent,loss_ratio\r\n");
  CHECK(export_record_from_string("direction") == ExportRecord::direction);
  CHECK(!export_record_from_string("jobs"));
}

TEST_CASE(
    "the CSV result table has one row per MRR or soak job with its receive rate, as many cells as "
    "the header") {
  ExportedJob exported;
  exported.job = job("mrr-64", "mrr", "finished", "2025-11-25T08:00:00.000Z");
  exported.result = json(R"({"stop_reason": "completed", "tester_limited": false,
      "tester_limit": null, "sut_loss_ratio": 0.001,
      "receive_rate": {"mean": 2000000.0, "stdev": 10.0, "min": 1999990.0, "max": 2000010.0},
      "totals": {"trial_count": 10, "effective_duration_sum": 10.0}})");
  const std::string rows = csv_rows(ExportRecord::result, exported);
  CHECK(rows ==
        "7,mrr-64,mrr,finished,completed,,,,,,,,true,false,,,,,,10,10,,2000000,10,1999990,"
        "2000010,0.001\r\n");
  auto cells = [](const std::string& line) {
    std::size_t count = 1;
    for (const char c : line) count += c == ',' ? 1 : 0;
    return count;
  };
  CHECK(cells(rows) == cells(csv_header(ExportRecord::result)));
  exported.job = job("mlr", "mlr", "finished", "2025-11-25T08:00:00.000Z");
  exported.result = json(R"({"stop_reason": "completed", "totals": {"trial_count": 1},
      "goals": [{"name": "NDR", "goal": {"loss_ratio": 0}, "relevant_lower_bound": 1.0,
                 "tester_limited": null}]})");
  CHECK(cells(csv_rows(ExportRecord::result, exported)) == cells(csv_header(ExportRecord::result)));
}
