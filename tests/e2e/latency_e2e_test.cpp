// Issue #14's "done when", end to end on the simulated SUT's latency model:
// trex-searchd runs an NDR/PDR job whose measurer has latency streams, and
// `trex-search result` (--json and the table), `report` (HTML) and `report --csv`
// show P50/P90/P99/P99.9/max per direction at 0/10/50/90 % of PDR; a soak whose
// latency drifts is flagged.
#include <doctest/doctest.h>

#include <string>

#include "tests/daemon/support/service_test_support.hpp"
#include "tests/support/text_count.hpp"

namespace trexsearch::servicetest {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
  return test_support::count_occurrences(text, what);
}

const char* const kMlrJob = R"({"method": "mlr", "name": "lat",
  "spec": {"goals": [{"name": "NDR", "loss_ratio": 0, "relative_width": 0.01},
                     {"name": "PDR", "loss_ratio": 0.005, "relative_width": 0.01}],
           "min_load": 10000, "max_load": 2e6, "warmup_duration": 0},
  "measurer": {"kind": "sim", "model": "sharp", "seed": 3,
               "options": {"capacity_pps": 1e6, "latency_rate_pps": 9000}}})";

}  // namespace

TEST_CASE("an NDR/PDR job with latency streams shows latency at 0/10/50/90 % of PDR everywhere") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  const std::string socket = dir.file("control.sock");
  const std::string job = dir.write("job.json", kMlrJob);
  const CliRun submitted =
      run_cli(dir, {"submit", "--socket", socket, "--job-file", job, "--watch"});
  INFO(submitted.out << submitted.err);
  REQUIRE(submitted.exit_code == 0);
  // watch says which trials were latency trials, with their percentiles.
  CHECK(count(submitted.out, "[latency]") == 4);
  CHECK(submitted.out.find("    latency 0->1: P50 ") != std::string::npos);

  const CliRun result = run_cli(dir, {"result", "1", "--socket", socket, "--json"});
  REQUIRE(result.exit_code == 0);
  const Json::Value json = parse_json(result.out)["result"];
  const Json::Value& points = json["latency"];
  REQUIRE(points.size() == 4);
  const double pdr = json["goals"][1]["conditional_throughput"].asDouble();
  const double fractions[] = {0.0, 0.1, 0.5, 0.9};
  for (Json::ArrayIndex i = 0; i < 4; ++i) {
    CHECK(points[i]["goal"].asString() == "PDR");
    CHECK(points[i]["fraction"].asDouble() == fractions[i]);
    if (i > 0) CHECK(points[i]["load_pps"].asDouble() == doctest::Approx(fractions[i] * pdr));
    REQUIRE(points[i]["directions"].size() == 2);
    for (const Json::Value& d : points[i]["directions"]) {
      INFO(d.toStyledString());
      // Ordered percentiles, integer microseconds.
      CHECK(d["p50_us"].asUInt64() <= d["p90_us"].asUInt64());
      CHECK(d["p90_us"].asUInt64() <= d["p99_us"].asUInt64());
      CHECK(d["p99_us"].asUInt64() <= d["p999_us"].asUInt64());
      CHECK(d["p999_us"].asUInt64() <= d["max_us"].asUInt64());
      CHECK(d["mean_us"].isIntegral());
    }
  }
  CHECK(points[0]["load_pps"].asDouble() == 9000.0);
  // Increasing with load: P99 at 90 % of PDR above P99 at 10 %, per direction.
  for (Json::ArrayIndex d = 0; d < 2; ++d) {
    CHECK(points[3]["directions"][d]["p99_us"].asUInt64() >
          points[1]["directions"][d]["p99_us"].asUInt64());
    CHECK(points[3]["directions"][d]["p50_us"].asUInt64() >=
          points[0]["directions"][d]["p50_us"].asUInt64());
  }

  const CliRun table = run_cli(dir, {"result", "1", "--socket", socket});
  REQUIRE(table.exit_code == 0);
  CHECK(table.out.find("latency [us]") != std::string::npos);
  CHECK(table.out.find("P99.9") != std::string::npos);
  CHECK(count(table.out, "PDR  ") >= 8);  // 4 fractions x 2 directions

  const std::string page = dir.file("lat.html");
  REQUIRE(run_cli(dir, {"report", "1", "--socket", socket, "-o", page}).exit_code == 0);
  const std::string html = read_file(page);
  CHECK(html.find("Latency against load at fractions of PDR") != std::string::npos);
  CHECK(html.find(std::to_string(points[3]["directions"][0]["p999_us"].asUInt64())) !=
        std::string::npos);

  const std::string csv_file = dir.file("lat.csv");
  REQUIRE(run_cli(dir, {"report", "1", "--socket", socket, "--csv", "-o", csv_file}).exit_code ==
          0);
  const std::string csv = read_file(csv_file);
  CHECK(csv.find(",0->1_p50_us,0->1_p90_us,0->1_p99_us,0->1_p999_us,0->1_max_us,") !=
        std::string::npos);
  CHECK(count(csv, "\r\n") == json["trials"].size() + 4 + 1);
  CHECK(count(csv, ",latency,") == 4);
}

TEST_CASE("a soak whose latency drifts is flagged in result and report; a steady one is not") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  const std::string socket = dir.file("control.sock");
  // The soak's loads sit near capacity, where queueing would swamp everything; the
  // model queues nothing here, so latency is the base (drifting or not) plus the tail.
  const auto soak = [&](double drift_us_per_hour) {
    return std::string(R"({"method": "plr", "spec": {"target_loss_ratio": 1e-7,
        "min_load": 10000, "max_load": 2e6, "trial_duration_first": 10,
        "trial_duration_increment": 10, "time_budget": 1800, "samples_per_trial": 1000,
        "samples_per_chunk": 1000, "seed": 7},
      "measurer": {"kind": "sim", "model": "sharp", "seed": 5,
        "options": {"capacity_pps": 1e6, "latency_rate_pps": 9000,
                    "latency_service_us": 0, "latency_buffer_us": 0,
                    "latency_drift_us_per_hour": )") +
           std::to_string(drift_us_per_hour) + "}}}";
  };
  REQUIRE(run_cli(dir, {"submit", "--socket", socket, "--job-file",
                        dir.write("drift.json", soak(200.0)), "--watch"})
              .exit_code == 0);
  REQUIRE(run_cli(dir, {"submit", "--socket", socket, "--job-file",
                        dir.write("flat.json", soak(0.0)), "--watch"})
              .exit_code == 0);

  const Json::Value drifting =
      parse_json(run_cli(dir, {"result", "1", "--socket", socket, "--json"}).out)["result"];
  INFO(drifting["latency_trend"].toStyledString());
  REQUIRE(drifting["latency_trend"].isObject());
  CHECK(drifting["latency_trend"]["flagged"].asBool());
  CHECK(drifting["trials"][0]["latency"].size() == 2);
  const Json::Value steady =
      parse_json(run_cli(dir, {"result", "2", "--socket", socket, "--json"}).out)["result"];
  INFO(steady["latency_trend"].toStyledString());
  REQUIRE(steady["latency_trend"].isObject());
  CHECK_FALSE(steady["latency_trend"]["flagged"].asBool());

  CHECK(run_cli(dir, {"result", "1", "--socket", socket}).out.find("GROWING") != std::string::npos);
  const std::string page = dir.file("soak.html");
  REQUIRE(run_cli(dir, {"report", "1", "--socket", socket, "-o", page}).exit_code == 0);
  const std::string html = read_file(page);
  CHECK(html.find("Latency over the soak") != std::string::npos);
  CHECK(html.find("LATENCY TREND") != std::string::npos);
}

}  // namespace trexsearch::servicetest
