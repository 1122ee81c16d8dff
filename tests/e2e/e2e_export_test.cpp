// `trex-search export` against the real daemon: an MLR and a PLR job on the sim
// measurer, exported as JSON lines and as each CSV table, checked against what
// `list`, `show` and `result` say; the filters; bad option values.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

using Row = std::map<std::string, std::string>;

/// An RFC 4180 table with CRLF line ends into rows keyed by the header's names;
/// fails the test on a bare LF outside quotes or a row of another width.
std::vector<Row> parse_csv(const std::string& text) {
  std::vector<std::vector<std::string>> records;
  std::vector<std::string> fields;
  std::string field;
  bool quoted = false;
  for (std::size_t at = 0; at < text.size(); ++at) {
    const char c = text[at];
    if (quoted) {
      if (c == '"' && at + 1 < text.size() && text[at + 1] == '"') {
        field += '"';
        ++at;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.push_back(field);
      field.clear();
    } else if (c == '\r') {
      REQUIRE(at + 1 < text.size());
      REQUIRE(text[at + 1] == '\n');
      ++at;
      fields.push_back(field);
      field.clear();
      records.push_back(fields);
      fields.clear();
    } else {
      REQUIRE(c != '\n');
      field += c;
    }
  }
  REQUIRE(!quoted);
  REQUIRE(fields.empty());
  REQUIRE(field.empty());
  REQUIRE(!records.empty());
  std::vector<Row> rows;
  for (std::size_t i = 1; i < records.size(); ++i) {
    REQUIRE(records[i].size() == records[0].size());
    Row row;
    for (std::size_t j = 0; j < records[0].size(); ++j) row[records[0][j]] = records[i][j];
    rows.push_back(row);
  }
  return rows;
}

std::vector<std::string> csv_columns(const std::string& text) {
  std::vector<std::string> columns;
  std::stringstream header(text.substr(0, text.find("\r\n")));
  for (std::string column; std::getline(header, column, ',');) columns.push_back(column);
  return columns;
}

/// Every line of a JSON-lines export, parsed; each must carry the format's members.
std::vector<Json::Value> parse_lines(const std::string& text) {
  std::vector<Json::Value> lines;
  std::stringstream stream(text);
  for (std::string line; std::getline(stream, line);) {
    INFO(line);
    REQUIRE(!line.empty());
    const Json::Value json = parse_json(line);
    REQUIRE(json.isObject());
    CHECK(json["format"].asString() == "trex-search-export");
    CHECK(json["version"].asInt() == 1);
    CHECK(json["job"].isIntegral());
    lines.push_back(json);
  }
  if (!text.empty()) CHECK(text.back() == '\n');
  return lines;
}

std::vector<Json::Value> of_type(const std::vector<Json::Value>& lines, const std::string& type) {
  std::vector<Json::Value> found;
  for (const Json::Value& line : lines) {
    if (line["type"].asString() == type) found.push_back(line);
  }
  return found;
}

/// The job ids an export's job lines name, in order.
std::vector<std::int64_t> exported_jobs(const CliRun& run) {
  REQUIRE(run.exit_code == 0);
  std::vector<std::int64_t> ids;
  for (const Json::Value& line : of_type(parse_lines(run.out), "job")) {
    ids.push_back(line["job"].asInt64());
  }
  return ids;
}

double number(const std::string& text) { return std::stod(text); }

/// Two finished jobs: 1 an MLR NDR/PDR search named nightly-mlr, 2 a PLR soak named
/// soak-plr, both on the sharp simulated SUT in virtual time.
struct TwoJobs {
  TempDir dir;
  DaemonProcess daemon{dir, daemon_args(dir)};
  std::string socket = dir.file("control.sock");

  TwoJobs() {
    REQUIRE(daemon.wait_ready());
    const std::string mlr_spec =
        dir.write("mlr.json", R"({"goals": [{"name": "NDR"}, {"name": "PDR", "loss_ratio": 0.005}],
                                   "min_load": 10000, "max_load": 2e6})");
    const std::string plr_spec =
        dir.write("plr.json", R"({"min_load": 10000, "max_load": 2e6, "trial_duration_first": 1,
                        "trial_duration_increment": 1, "time_budget": 30,
                        "samples_per_trial": 2000, "samples_per_chunk": 1000, "seed": 11})");
    REQUIRE(run_cli(dir, {"submit", "--socket", socket, "--spec", mlr_spec, "--sut", "sharp",
                          "--sut-option", "capacity_pps=1e6", "--name", "nightly-mlr", "--watch"})
                .exit_code == 0);
    REQUIRE(
        run_cli(dir, {"submit", "--socket", socket, "--method", "plr", "--spec", plr_spec, "--sut",
                      "sharp", "--sut-option", "capacity_pps=1e6", "--name", "soak-plr", "--watch"})
            .exit_code == 0);
  }

  CliRun cli(std::vector<std::string> args) {
    args.insert(args.begin(), {"export", "--socket", socket});
    return run_cli(dir, args);
  }

  Json::Value daemon_json(const std::string& command, std::int64_t job) {
    const CliRun run = run_cli(dir, {command, std::to_string(job), "--socket", socket, "--json"});
    REQUIRE(run.exit_code == 0);
    return parse_json(run.out);
  }
};

}  // namespace

TEST_CASE(
    "export writes every job, its result and all its trials as JSON lines, as show has them") {
  TwoJobs jobs;
  const CliRun run = jobs.cli({});
  REQUIRE(run.exit_code == 0);
  const std::vector<Json::Value> lines = parse_lines(run.out);
  const auto job_lines = of_type(lines, "job");
  const auto result_lines = of_type(lines, "result");
  const auto trial_lines = of_type(lines, "trial");
  REQUIRE(job_lines.size() == 2);
  REQUIRE(result_lines.size() == 2);
  CHECK(lines.size() == job_lines.size() + result_lines.size() + trial_lines.size());
  CHECK(run.err.find("exported 2 jobs (2 results, " + std::to_string(trial_lines.size()) +
                     " trials) to standard output") != std::string::npos);

  for (std::int64_t id : {1, 2}) {
    CAPTURE(id);
    const Json::Value shown = jobs.daemon_json("show", id);
    const Json::Value result = jobs.daemon_json("result", id);
    const Json::Value& job = job_lines[static_cast<std::size_t>(id - 1)];
    CHECK(job["job"].asInt64() == id);
    CHECK(job["name"] == shown["job"]["name"]);
    CHECK(job["method"] == shown["job"]["method"]);
    CHECK(job["state"].asString() == "finished");
    CHECK(job["created_at"] == shown["job"]["created_at"]);
    CHECK(job["trial_count"] == shown["job"]["trial_count"]);
    CHECK(job["spec"] == shown["spec"]);
    CHECK(!job.isMember("id"));

    std::vector<Json::Value> trials;
    for (const Json::Value& trial : trial_lines) {
      if (trial["job"].asInt64() == id) trials.push_back(trial);
    }
    REQUIRE(trials.size() == shown["trials"].size());
    REQUIRE(trials.size() == shown["job"]["trial_count"].asUInt64());
    for (std::size_t i = 0; i < trials.size(); ++i) {
      Json::Value stripped = trials[i];
      for (const char* key : {"format", "version", "type", "job"}) stripped.removeMember(key);
      CHECK(stripped == shown["trials"][static_cast<Json::ArrayIndex>(i)]);
    }

    const Json::Value& exported_result = result_lines[static_cast<std::size_t>(id - 1)];
    CHECK(exported_result["job"].asInt64() == id);
    CHECK(exported_result["method"] == shown["job"]["method"]);
    CHECK(!exported_result.isMember("trials"));
    CHECK(exported_result["stop_reason"] == result["result"]["stop_reason"]);
    CHECK(exported_result["totals"] == result["result"]["totals"]);
    if (id == 1) {
      CHECK(exported_result["goals"] == result["result"]["goals"]);
    } else {
      CHECK(exported_result["estimate"] == result["result"]["estimate"]);
    }
  }
  // Per job: its line, its result, then its trials; jobs oldest first.
  CHECK(lines[0]["type"].asString() == "job");
  CHECK(lines[1]["type"].asString() == "result");
  CHECK(lines[2]["type"].asString() == "trial");
  CHECK(lines.back()["job"].asInt64() == 2);

  // -o FILE writes the same bytes and leaves no partial file behind.
  const std::string file = jobs.dir.file("export.jsonl");
  const CliRun to_file = jobs.cli({"-o", file});
  REQUIRE(to_file.exit_code == 0);
  CHECK(to_file.out.empty());
  CHECK(read_file(file) == run.out);
  CHECK(!std::filesystem::exists(file + ".partial"));
  CHECK(to_file.err.find("to '" + file + "'") != std::string::npos);

  // --records picks record types.
  const CliRun jobs_only = jobs.cli({"--records", "job,result"});
  REQUIRE(jobs_only.exit_code == 0);
  const auto some = parse_lines(jobs_only.out);
  CHECK(some.size() == 4);
  CHECK(of_type(some, "trial").empty());
}

TEST_CASE("export --format csv writes the job, result, trial and direction tables") {
  TwoJobs jobs;
  const Json::Value mlr_show = jobs.daemon_json("show", 1);
  const Json::Value plr_show = jobs.daemon_json("show", 2);
  const Json::Value mlr_result = jobs.daemon_json("result", 1);
  const Json::Value plr_result = jobs.daemon_json("result", 2);

  const CliRun trials_run = jobs.cli({"--format", "csv"});
  REQUIRE(trials_run.exit_code == 0);
  CHECK(csv_columns(trials_run.out) == std::vector<std::string>{"job",
                                                                "name",
                                                                "method",
                                                                "number",
                                                                "phase",
                                                                "started_at_s",
                                                                "recorded_at",
                                                                "load_pps",
                                                                "intended_duration_s",
                                                                "effective_duration_s",
                                                                "offered_count",
                                                                "loss_count",
                                                                "intended_count",
                                                                "loss_ratio",
                                                                "measured_loss_ratio",
                                                                "tester_limited_pps",
                                                                "counters",
                                                                "estimate_average_pps",
                                                                "estimate_stdev_pps",
                                                                "notes"});
  const auto trials = parse_csv(trials_run.out);
  REQUIRE(trials.size() == mlr_show["trials"].size() + plr_show["trials"].size());
  std::size_t directions = 0;
  for (std::size_t i = 0; i < trials.size(); ++i) {
    const bool mlr = i < mlr_show["trials"].size();
    const Json::Value& shown =
        mlr ? mlr_show["trials"][static_cast<Json::ArrayIndex>(i)]
            : plr_show["trials"][static_cast<Json::ArrayIndex>(i - mlr_show["trials"].size())];
    const Row& row = trials[i];
    CAPTURE(i);
    CHECK(row.at("job") == (mlr ? "1" : "2"));
    CHECK(row.at("name") == (mlr ? "nightly-mlr" : "soak-plr"));
    CHECK(row.at("method") == (mlr ? "mlr" : "plr"));
    CHECK(row.at("number") == std::to_string(shown["number"].asUInt64()));
    CHECK(row.at("phase") == shown["phase"].asString());
    CHECK(number(row.at("load_pps")) == shown["load"].asDouble());
    CHECK(number(row.at("loss_ratio")) == shown["loss_ratio"].asDouble());
    CHECK(row.at("offered_count") == std::to_string(shown["offered_count"].asInt64()));
    CHECK(row.at("recorded_at") == shown["recorded_at"].asString());
    CHECK(row.at("estimate_average_pps").empty() == !shown["estimate"].isObject());
    if (shown["estimate"].isObject()) {
      CHECK(number(row.at("estimate_average_pps")) == shown["estimate"]["average"].asDouble());
    }
    directions += shown["directions"].size();
  }
  // Notes are always quoted, so even an empty one is "".
  CHECK(trials_run.out.find(",\"\"\r\n") != std::string::npos);

  const CliRun results_run = jobs.cli({"--format", "csv", "--records", "result"});
  REQUIRE(results_run.exit_code == 0);
  const auto results = parse_csv(results_run.out);
  REQUIRE(results.size() == 3);  // NDR, PDR, and the soak's one row
  for (std::size_t g = 0; g < 2; ++g) {
    const Json::Value& goal = mlr_result["result"]["goals"][static_cast<Json::ArrayIndex>(g)];
    CHECK(results[g].at("job") == "1");
    CHECK(results[g].at("goal") == goal["name"].asString());
    CHECK(number(results[g].at("conditional_throughput_pps")) ==
          goal["conditional_throughput"].asDouble());
    CHECK(number(results[g].at("relevant_upper_bound_pps")) ==
          goal["relevant_upper_bound"].asDouble());
    CHECK(results[g].at("regular") == (goal["regular"].asBool() ? "true" : "false"));
    CHECK(results[g].at("stop_reason") == "completed");
    CHECK(results[g].at("estimate_average_pps").empty());
  }
  CHECK(results[0].at("goal_loss_ratio") == "0");
  CHECK(results[1].at("goal_loss_ratio") == "0.005");
  CHECK(results[2].at("job") == "2");
  CHECK(results[2].at("goal").empty());
  CHECK(number(results[2].at("estimate_average_pps")) ==
        plr_result["result"]["estimate"]["average"].asDouble());
  CHECK(results[2].at("trial_count") ==
        std::to_string(plr_result["result"]["totals"]["trial_count"].asUInt64()));

  const CliRun jobs_run = jobs.cli({"--format", "csv", "--records", "job"});
  REQUIRE(jobs_run.exit_code == 0);
  const auto job_rows = parse_csv(jobs_run.out);
  REQUIRE(job_rows.size() == 2);
  CHECK(job_rows[0].at("job") == "1");
  CHECK(job_rows[0].at("created_at") == mlr_show["job"]["created_at"].asString());
  CHECK(job_rows[1].at("method") == "plr");
  CHECK(job_rows[1].at("state") == "finished");
  CHECK(job_rows[1].at("trex_version").empty());  // a sim job never met TRex
  CHECK(job_rows[1].at("testbed").empty());       // nor has a testbed

  const CliRun directions_run = jobs.cli({"--format", "csv", "--records", "direction"});
  REQUIRE(directions_run.exit_code == 0);
  CHECK(csv_columns(directions_run.out) ==
        std::vector<std::string>{"job", "trial", "direction", "intended", "offered", "received",
                                 "loss", "unsent", "loss_ratio"});
  CHECK(parse_csv(directions_run.out).size() == directions);
}

TEST_CASE("export filters by method, name, creation time and state") {
  TwoJobs jobs;
  using Ids = std::vector<std::int64_t>;
  CHECK(exported_jobs(jobs.cli({"--method", "plr"})) == Ids{2});
  CHECK(exported_jobs(jobs.cli({"--method", "mlr"})) == Ids{1});
  CHECK(exported_jobs(jobs.cli({"--name", "nightly-*"})) == Ids{1});
  CHECK(exported_jobs(jobs.cli({"--name", "soak-plr"})) == Ids{2});
  CHECK(exported_jobs(jobs.cli({"--name", "soak"})).empty());  // exact unless a glob
  CHECK(exported_jobs(jobs.cli({"--name", "*-?lr", "--method", "mlr"})) == Ids{1});
  CHECK(exported_jobs(jobs.cli({"--state", "finished"})) == (Ids{1, 2}));
  CHECK(exported_jobs(jobs.cli({"--state", "running"})).empty());
  CHECK(exported_jobs(jobs.cli({"--state", "all"})) == (Ids{1, 2}));

  CHECK(exported_jobs(jobs.cli({"--since", "2000-01-01"})) == (Ids{1, 2}));
  CHECK(exported_jobs(jobs.cli({"--since", "9999-12-31T00:00:00Z"})).empty());
  CHECK(exported_jobs(jobs.cli({"--until", "2000-01-01T00:00"})).empty());
  // At the second job's own creation time: --since includes it, --until leaves it out.
  const std::string first = jobs.daemon_json("show", 1)["job"]["created_at"].asString();
  const std::string second = jobs.daemon_json("show", 2)["job"]["created_at"].asString();
  const Ids from_second = first == second ? Ids{1, 2} : Ids{2};
  const Ids before_second = first == second ? Ids{} : Ids{1};
  CHECK(exported_jobs(jobs.cli({"--since", second})) == from_second);
  CHECK(exported_jobs(jobs.cli({"--until", second})) == before_second);
  CHECK(exported_jobs(jobs.cli({"--since", first, "--until", second})) == before_second);

  // Past a full page of `list` (the hidden --list-limit makes one job a full page)
  // export goes on with `show` by id: no job is missed, --since stops the walk.
  CHECK(exported_jobs(jobs.cli({"--list-limit", "1"})) == (Ids{1, 2}));
  CHECK(exported_jobs(jobs.cli({"--list-limit", "1", "--method", "mlr"})) == Ids{1});
  CHECK(exported_jobs(jobs.cli({"--list-limit", "1", "--since", second})) == from_second);

  // An empty CSV export is its header alone.
  const CliRun none = jobs.cli({"--format", "csv", "--method", "plr", "--name", "nightly-*"});
  REQUIRE(none.exit_code == 0);
  CHECK(parse_csv(none.out).empty());
  CHECK(none.err.find("exported 0 jobs") != std::string::npos);

  // A deleted job's id is skipped on the walk.
  REQUIRE(run_cli(jobs.dir, {"delete", "1", "--socket", jobs.socket}).exit_code == 0);
  CHECK(exported_jobs(jobs.cli({"--list-limit", "1"})) == Ids{2});
}

TEST_CASE("export refuses bad option values, naming the option and the value, exit code 2") {
  TempDir dir;
  const std::string socket = dir.file("control.sock");  // no daemon: usage is checked first
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"--format", "xml"}, "--format 'xml': must be jsonl or csv"},
      {{"--method", "nfv"}, "--method 'nfv': must be mlr, plr, mrr or soak"},
      {{"--state", "done"}, "--state 'done': must be ended (default), all,"},
      {{"--since", "2026-13-01"}, "--since '2026-13-01': not a UTC date or time"},
      {{"--since", "2026-02-30"}, "--since '2026-02-30': not a UTC date or time"},
      {{"--until", "2026-11-25T10:00:00+02:00"}, "--until '2026-11-25T10:00:00+02:00'"},
      {{"--since", "2026-11-25", "--until", "2026-11-24"}, "is not after --since"},
      {{"--records", "trial,direction"}, "--records 'trial,direction': 'direction'"},
      {{"--format", "csv", "--records", "job,trial"}, "a CSV holds one table"},
      {{"--records", "jobs"}, "'jobs' is not a record type"},
      {{"--name", ""}, "--name ''"},
      {{"--json"}, "--json: export writes its own formats"},
  };
  for (const auto& [options, message] : cases) {
    std::vector<std::string> args{"export", "--socket", socket};
    args.insert(args.end(), options.begin(), options.end());
    const CliRun run = run_cli(dir, args);
    // A copy: clang 14 refuses a structured binding captured by CAPTURE's lambda.
    const std::string last_option = options.back();
    CAPTURE(last_option);
    CHECK(run.exit_code == 2);
    CHECK(run.out.empty());
    CHECK(run.err.rfind("trex-search: error: --", 0) == 0);
    CHECK(run.err.find(message) != std::string::npos);
  }
  // No daemon at all is a runtime failure, and nothing is written.
  const std::string file = dir.file("out.jsonl");
  const CliRun nothing = run_cli(dir, {"export", "--socket", socket, "-o", file});
  CHECK(nothing.exit_code == 1);
  CHECK(!std::filesystem::exists(file));
  CHECK(!std::filesystem::exists(file + ".partial"));
}

}  // namespace trexsearch::servicetest
