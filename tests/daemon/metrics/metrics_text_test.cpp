// The Prometheus page without a socket: escaping, every family with HELP and
// TYPE, the snapshot built from status' sources, request routing, the setting.
#include "daemon/metrics/metrics_text.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>

#include "daemon/metrics/metrics_server.hpp"
#include "daemon/searchd/metrics_snapshot.hpp"
#include "daemon/searchd/options.hpp"
#include "measure/errors.hpp"
#include "tests/support/build_paths.hpp"

namespace trexsearch::service {
namespace {

std::size_t count_lines_starting(const std::string& text, const std::string& prefix) {
  std::istringstream lines(text);
  std::size_t count = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(prefix, 0) == 0) ++count;
  }
  return count;
}

bool has_line(const std::string& text, const std::string& line) {
  return text.find("\n" + line + "\n") != std::string::npos || text.rfind(line + "\n", 0) == 0;
}

MetricsSnapshot busy_snapshot() {
  MetricsSnapshot s;
  s.version = "1.2.3";
  s.start_time_seconds = 1700000000.5;
  s.jobs_queued = {{"mlr", 2}, {"plr", 0}};
  s.jobs_running = {{{"mlr", ""}, 1}, {{"plr", ""}, 0}};
  s.trials_total = {{{"main", "loss", ""}, 7}, {{"initial", "no_loss", ""}, 3}};
  RunningJobMetrics job;
  job.last_trial_load_pps = 1.5e6;
  job.last_trial_loss_ratio = 0.25;
  job.plr_estimate_pps = 9e5;
  job.plr_estimate_stdev_pps = 1e4;
  job.mlr_goals = {{"NDR", 1e6, 1.1e6}, {"PDR", std::nullopt, 2e6}};
  s.running = {job};
  s.trex_link_state = "connected";
  s.trex_link_states = {"idle", "connecting", "connected", "reconnecting", "failed"};
  s.trex_reconnects_total = 4;
  s.store_size_bytes = 123456;
  s.store_writable = true;
  s.control_clients = 3;
  return s;
}

const char* const kFamilies[][2] = {
    {"trexsearch_build_info", "gauge"},
    {"trexsearch_start_time_seconds", "gauge"},
    {"trexsearch_jobs_queued", "gauge"},
    {"trexsearch_jobs_running", "gauge"},
    {"trexsearch_trials_total", "counter"},
    {"trexsearch_last_trial_load_pps", "gauge"},
    {"trexsearch_last_trial_loss_ratio", "gauge"},
    {"trexsearch_plr_estimate_pps", "gauge"},
    {"trexsearch_plr_estimate_stdev_pps", "gauge"},
    {"trexsearch_mlr_lower_bound_pps", "gauge"},
    {"trexsearch_mlr_upper_bound_pps", "gauge"},
    {"trexsearch_trex_link_state", "gauge"},
    {"trexsearch_trex_reconnects_total", "counter"},
    {"trexsearch_store_size_bytes", "gauge"},
    {"trexsearch_store_writable", "gauge"},
    {"trexsearch_control_clients", "gauge"},
};

}  // namespace

TEST_CASE("label values escape backslash, quote and newline, and are cut at whole characters") {
  CHECK(escape_label_value("a\\b\"c\nd") == "a\\\\b\\\"c\\nd");
  CHECK(escape_label_value("plain") == "plain");
  // Cut by bytes of the raw value; the escapes may make it longer than that.
  CHECK(escape_label_value(std::string(100, 'x')) == std::string(kMaxLabelValueBytes, 'x'));
  CHECK(escape_label_value("\"\"\"", 2) == "\\\"\\\"");
  // "é" is two bytes: a cut inside it drops it whole.
  CHECK(escape_label_value("ab\xc3\xa9", 3) == "ab");
  CHECK(escape_label_value("ab\xc3\xa9", 4) == "ab\xc3\xa9");
  // Invalid UTF-8 (a lone continuation byte, an overlong '/', a surrogate) becomes '?'.
  CHECK(escape_label_value("a\x80z") == "a?z");
  CHECK(escape_label_value("\xc0\xaf") == "??");
  CHECK(escape_label_value("\xed\xa0\x80") == "???");
}

TEST_CASE("sample values are shortest round-trip decimals, with NaN and infinities spelled out") {
  CHECK(format_sample_value(1.0) == "1");
  CHECK(format_sample_value(0.1) == "0.1");
  CHECK(format_sample_value(1.5e6) == "1500000");
  CHECK(format_sample_value(9e5) == "900000");
  CHECK(format_sample_value(-3.0) == "-3");
  CHECK(format_sample_value(1e20) == "1e+20");
  CHECK(format_sample_value(1234567.25) == "1234567.25");
  CHECK(format_sample_value(std::numeric_limits<double>::quiet_NaN()) == "NaN");
  CHECK(format_sample_value(std::numeric_limits<double>::infinity()) == "+Inf");
  CHECK(format_sample_value(-std::numeric_limits<double>::infinity()) == "-Inf");
}

TEST_CASE("every family has one HELP and one TYPE line, busy or idle") {
  MetricsSnapshot idle;
  idle.version = "1.2.3";
  for (const MetricsSnapshot& snapshot : {busy_snapshot(), idle}) {
    const std::string page = format_metrics(snapshot);
    for (const auto& family : kFamilies) {
      // Not a structured binding: clang 14 refuses one captured by CAPTURE's lambda.
      const char* const name = family[0];
      const char* const type = family[1];
      CAPTURE(name);
      CHECK(count_lines_starting(page, std::string("# HELP ") + name + " ") == 1);
      CHECK(has_line(page, std::string("# TYPE ") + name + " " + type));
    }
    // Nothing else: a family added without a test shows up here.
    CHECK(count_lines_starting(page, "# TYPE ") == std::size(kFamilies));
    CHECK(page.back() == '\n');
  }
}

TEST_CASE("the replicator's families appear only with results-db, with its values") {
  MetricsSnapshot s = busy_snapshot();
  CHECK(format_metrics(s).find("trexsearch_replication") == std::string::npos);
  s.replication = MetricsSnapshot::Replication{false, 42, 7, 3, std::nullopt};
  std::string page = format_metrics(s);
  CHECK(has_line(page, "trexsearch_replication_up 0"));
  CHECK(has_line(page, "trexsearch_replication_rows_behind 42"));
  CHECK(has_line(page, "trexsearch_replication_rows_sent_total 7"));
  CHECK(has_line(page, "trexsearch_replication_errors_total 3"));
  CHECK(page.find("# TYPE trexsearch_replication_last_success_seconds gauge") != std::string::npos);
  CHECK(page.find("\ntrexsearch_replication_last_success_seconds ") == std::string::npos);
  s.replication->last_success_seconds = 1.5e9;
  s.replication->connected = true;
  page = format_metrics(s);
  CHECK(has_line(page, "trexsearch_replication_up 1"));
  CHECK(has_line(page, "trexsearch_replication_last_success_seconds 1500000000"));
}

TEST_CASE("a busy daemon's page carries each value with its labels") {
  const std::string page = format_metrics(busy_snapshot());
  CHECK(has_line(page, "trexsearch_build_info{version=\"1.2.3\"} 1"));
  CHECK(has_line(page, "trexsearch_start_time_seconds 1700000000.5"));
  CHECK(has_line(page, "trexsearch_jobs_queued{method=\"mlr\"} 2"));
  CHECK(has_line(page, "trexsearch_jobs_queued{method=\"plr\"} 0"));
  CHECK(has_line(page, "trexsearch_jobs_running{method=\"mlr\"} 1"));
  CHECK(has_line(page, "trexsearch_trials_total{phase=\"main\",result=\"loss\"} 7"));
  CHECK(has_line(page, "trexsearch_trials_total{phase=\"initial\",result=\"no_loss\"} 3"));
  CHECK(has_line(page, "trexsearch_last_trial_load_pps 1500000"));
  CHECK(has_line(page, "trexsearch_last_trial_loss_ratio 0.25"));
  CHECK(has_line(page, "trexsearch_plr_estimate_pps 900000"));
  CHECK(has_line(page, "trexsearch_plr_estimate_stdev_pps 10000"));
  CHECK(has_line(page, "trexsearch_mlr_lower_bound_pps{goal=\"NDR\"} 1000000"));
  CHECK(has_line(page, "trexsearch_mlr_upper_bound_pps{goal=\"NDR\"} 1100000"));
  CHECK(has_line(page, "trexsearch_mlr_upper_bound_pps{goal=\"PDR\"} 2000000"));
  // A bound not found yet is no sample (not a 0 a dashboard would draw).
  CHECK(count_lines_starting(page, "trexsearch_mlr_lower_bound_pps{goal=\"PDR\"}") == 0);
  CHECK(has_line(page, "trexsearch_trex_link_state{state=\"connected\"} 1"));
  CHECK(has_line(page, "trexsearch_trex_link_state{state=\"idle\"} 0"));
  CHECK(count_lines_starting(page, "trexsearch_trex_link_state{") == 5);
  CHECK(has_line(page, "trexsearch_trex_reconnects_total 4"));
  CHECK(has_line(page, "trexsearch_store_size_bytes 123456"));
  CHECK(has_line(page, "trexsearch_store_writable 1"));
  CHECK(has_line(page, "trexsearch_control_clients 3"));
}

TEST_CASE("goal labels are escaped, capped in number, and two goals never share a series") {
  MetricsSnapshot s;
  RunningJobMetrics job;
  job.mlr_goals.push_back({"say \"hi\"\nthere", 1.0, std::nullopt});
  job.mlr_goals.push_back({std::string(80, 'g'), 2.0, std::nullopt});
  job.mlr_goals.push_back({std::string(70, 'g'), 3.0, std::nullopt});
  for (int i = 0; i < 30; ++i) job.mlr_goals.push_back({"goal " + std::to_string(i), 4.0, {}});
  s.running = {job};
  const std::string page = format_metrics(s);
  CHECK(has_line(page, "trexsearch_mlr_lower_bound_pps{goal=\"say \\\"hi\\\"\\nthere\"} 1"));
  CHECK(has_line(page, "trexsearch_mlr_lower_bound_pps{goal=\"" + std::string(64, 'g') + "\"} 2"));
  CHECK(
      has_line(page, "trexsearch_mlr_lower_bound_pps{goal=\"" + std::string(60, 'g') + " #2\"} 3"));
  CHECK(count_lines_starting(page, "trexsearch_mlr_lower_bound_pps{") == kMaxExportedGoals);
}

TEST_CASE("the snapshot lists every method and link state, and the running job's values") {
  MetricsSources sources;
  sources.version = "9.9";
  sources.started_at = from_unix_seconds(1000.0);
  sources.queue.queued = {4, 5, 6};
  sources.queue.queued_by_method = {{"plr", 3}};
  RunningJobStatus running;
  running.id = 3;
  running.method = "plr";
  protocol::TrialRecord trial;
  trial.load_pps = 5e5;
  trial.loss_ratio = 0.01;
  running.progress.last_trial = trial;
  plr::PlrEstimate estimate;
  estimate.average_pps = 4e5;
  estimate.stdev_pps = 2e3;
  running.progress.estimate = estimate;
  running.progress.goals.push_back({"NDR", 1.0, 2.0, 0, false});
  sources.queue.running = running;
  sources.queue.running_jobs = {running};
  sources.trials = {{{"main", "no_loss", ""}, 11}};
  sources.trex.state = TrexLinkState::reconnecting;
  sources.trex.recoveries = 2;
  StoreHealth store;
  store.bytes = 4096;
  store.writable = false;
  sources.store = store;
  sources.control_clients = 5;

  const MetricsSnapshot s = make_metrics_snapshot(sources);
  CHECK(s.version == "9.9");
  CHECK(s.start_time_seconds == 1000.0);
  CHECK(s.jobs_queued ==
        std::map<std::string, std::size_t>{{"mlr", 0}, {"mrr", 0}, {"plr", 3}, {"soak", 0}});
  CHECK(s.jobs_running ==
        std::map<std::pair<std::string, std::string>, std::size_t>{
            {{"mlr", ""}, 0}, {{"mrr", ""}, 0}, {{"plr", ""}, 1}, {{"soak", ""}, 0}});
  REQUIRE(s.running.size() == 1);
  CHECK(s.running[0].last_trial_load_pps == 5e5);
  CHECK(s.running[0].last_trial_loss_ratio == 0.01);
  CHECK(s.running[0].plr_estimate_pps == 4e5);
  CHECK(s.running[0].plr_estimate_stdev_pps == 2e3);
  REQUIRE(s.running[0].mlr_goals.size() == 1);
  CHECK(s.running[0].mlr_goals[0].upper_bound_pps == 2.0);
  CHECK(s.trials_total.at({"main", "no_loss", ""}) == 11);
  CHECK(s.trex_link_state == "reconnecting");
  CHECK(s.trex_link_states.size() == 5);
  CHECK(s.trex_reconnects_total == 2);
  CHECK(s.store_size_bytes == 4096);
  CHECK(s.store_writable == false);
  CHECK(s.control_clients == 5);

  const MetricsSnapshot idle = make_metrics_snapshot(MetricsSources{});
  CHECK(idle.jobs_running.at({"mlr", ""}) == 0);
  CHECK(idle.running.empty());
  CHECK(idle.trex_link_state == "idle");
  CHECK_FALSE(idle.store_size_bytes);
}

TEST_CASE("with testbeds, every running job's series carry its testbed") {
  MetricsSources sources;
  sources.testbeds = {"dut-a", "dut-b"};
  const auto running_on = [](JobId id, const std::string& testbed, double load_pps) {
    RunningJobStatus job;
    job.id = id;
    job.method = "mlr";
    job.testbed = testbed;
    protocol::TrialRecord trial;
    trial.load_pps = load_pps;
    job.progress.last_trial = trial;
    job.progress.goals.push_back({"NDR", load_pps, std::nullopt, 0, false});
    return job;
  };
  // Two testbeds and two jobs on none (a sim job, a trex job on its own endpoint):
  // those two share the unlabelled series, which the one running longest has.
  sources.queue.running_jobs = {running_on(1, "dut-a", 1e6), running_on(2, "", 2e6),
                                running_on(3, "dut-b", 3e6), running_on(4, "", 4e6)};
  sources.trials = {{{"main", "loss", "dut-a"}, 5}, {{"main", "loss", ""}, 2}};
  const MetricsSnapshot s = make_metrics_snapshot(sources);
  CHECK(s.jobs_running.at({"mlr", "dut-a"}) == 1);
  CHECK(s.jobs_running.at({"plr", "dut-b"}) == 0);
  CHECK(s.jobs_running.at({"mlr", ""}) == 2);
  const std::string page = format_metrics(s);
  CHECK(has_line(page, "trexsearch_jobs_running{method=\"mlr\",testbed=\"dut-a\"} 1"));
  CHECK(has_line(page, "trexsearch_jobs_running{method=\"soak\",testbed=\"dut-b\"} 0"));
  CHECK(has_line(page, "trexsearch_jobs_running{method=\"mlr\"} 2"));
  CHECK(has_line(page, "trexsearch_last_trial_load_pps{testbed=\"dut-a\"} 1000000"));
  CHECK(has_line(page, "trexsearch_last_trial_load_pps{testbed=\"dut-b\"} 3000000"));
  CHECK(has_line(page, "trexsearch_last_trial_load_pps 2000000"));
  CHECK(count_lines_starting(page, "trexsearch_last_trial_load_pps") == 3);
  CHECK(has_line(page, "trexsearch_mlr_lower_bound_pps{goal=\"NDR\",testbed=\"dut-b\"} 3000000"));
  CHECK(has_line(page,
                 "trexsearch_trials_total{phase=\"main\",result=\"loss\",testbed=\"dut-a\"} 5"));
  CHECK(has_line(page, "trexsearch_trials_total{phase=\"main\",result=\"loss\"} 2"));
}

TEST_CASE("GET /metrics answers the page; other paths 404, other methods 405") {
  int pages = 0;
  const auto page = [&pages] {
    ++pages;
    return std::string("x 1\n");
  };
  const MetricsReply ok = answer_metrics_request("GET", "/metrics?name[]=x", page);
  CHECK(ok.status == 200);
  CHECK(ok.content_type == "text/plain; version=0.0.4; charset=utf-8");
  CHECK(ok.body == "x 1\n");
  CHECK(answer_metrics_request("GET", "/", page).status == 404);
  CHECK(answer_metrics_request("GET", "/metrics/", page).status == 404);
  const MetricsReply post = answer_metrics_request("POST", "/metrics", page);
  CHECK(post.status == 405);
  CHECK(post.allow == "GET");
  CHECK(pages == 1);
}

TEST_CASE("metrics-listen takes an IP literal and a port, and names itself when it is wrong") {
  CHECK_FALSE(parse_listen_address(""));
  const auto v4 = parse_listen_address("127.0.0.1:9469");
  REQUIRE(v4);
  CHECK(v4->ip == "127.0.0.1");
  CHECK(v4->port == 9469);
  const auto v6 = parse_listen_address("[::1]:0");
  REQUIRE(v6);
  CHECK(v6->ip == "::1");
  CHECK(v6->port == 0);
  for (const char* bad : {"localhost:9469", "127.0.0.1", "127.0.0.1:", "127.0.0.1:65536",
                          "127.0.0.1:-1", "127.0.0.1:94x", "::1:9469", "[127.0.0.1]:9469",
                          "1.2.3:80", ":9469", "[]:9469", "garbage"}) {
    CAPTURE(bad);
    try {
      parse_listen_address(bad);
      FAIL("accepted");
    } catch (const measure::ConfigError& error) {
      CHECK(error.field() == "metrics-listen");
      CHECK(std::string(error.what()).find(bad) != std::string::npos);
    }
  }
  const CommandLine parsed = parse_command_line({"--metrics-listen", "127.0.0.1:9469"});
  CHECK(parsed.options.metrics_listen == "127.0.0.1:9469");
  CHECK(describe_options(parsed.options).find("metrics-listen = 127.0.0.1:9469\n") !=
        std::string::npos);
  const DaemonOptions defaults;
  CHECK(defaults.metrics_listen.empty());
  CHECK_THROWS_AS(parse_command_line({"--metrics-listen", "example.com:80"}), measure::ConfigError);
}

}  // namespace trexsearch::service

namespace trexsearch::service {

TEST_CASE("the shipped Grafana dashboard and docs name only metrics the daemon serves") {
  // With the replicator's families too (only a daemon with results-db has them).
  MetricsSnapshot snapshot;
  snapshot.replication = MetricsSnapshot::Replication{false, 0, 0, 0, std::nullopt};
  const std::string page = format_metrics(snapshot);
  for (const char* file : {"etc/grafana/trex-searchd-dashboard.json", "docs/metrics.md"}) {
    std::ifstream in(trexsearch::testing::build_paths::source_dir() + "/" + file);
    REQUIRE(in);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::regex name("trexsearch_[a-z_]*[a-z]");
    std::size_t names = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), name);
         it != std::sregex_iterator(); ++it) {
      CAPTURE(file);
      CAPTURE(it->str());
      CHECK(page.find("# TYPE " + it->str() + " ") != std::string::npos);
      ++names;
    }
    CHECK(names >= 10);
  }
}

}  // namespace trexsearch::service
