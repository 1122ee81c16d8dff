// `trex-search list|trend|compare|export --db` against a PostgreSQL server of the test's
// own (docs/fleet.md): the schema migrated, jobs of three testers written with the
// replicator's own writer (fleet::write_job_update), their documents the replies of a
// real trex-searchd (sharp simulated SUTs in virtual time) re-numbered per tester.
// lab-3's NDR and PDR step down 10 % at its last two jobs: trend finds it and exits 6;
// the same fleet without the step exits 0.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>

#include "daemon/fleet/fleet_record_codec.hpp"
#include "daemon/fleet/fleet_schema.hpp"
#include "daemon/fleet/fleet_writer.hpp"
#include "daemon/fleet/pg_connection.hpp"
#include "daemon/protocol/document_codec.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"
#include "tests/daemon/support/service_test_support.hpp"
#include "tests/support/postgres_server.hpp"

namespace trexsearch::servicetest {
namespace {

constexpr const char* kSpec =
    R"({"goals": [{"name": "NDR"}, {"name": "PDR", "loss_ratio": 0.005}],
        "min_load": 10000, "max_load": 2e6})";

/// A job of the daemon's, as `show` (with trials) and `result` gave it.
struct StoredJob {
  protocol::ShowReply shown;
  protocol::ResultReply result;
};

/// A job to write into the fleet: a stored job's documents as another tester's job.
struct FleetJobSpec {
  std::string tester;
  std::int64_t id = 0;
  const StoredJob* from = nullptr;
  std::optional<std::string> testbed;
  bool cancelled = false;  ///< no result, state cancelled
};

fleet::PgConnection connect(const std::string& conninfo) {
  return fleet::PgConnection(fleet::PgSettings{conninfo, std::chrono::seconds(30), "e2e"});
}

/// Later testers' jobs are newer; every job after the daemon's own (now).
std::string created_at(const std::string& tester, std::int64_t id) {
  const char day = static_cast<char>('1' + (tester.back() - '0'));
  return std::string("2030-01-0") + day + "T00:00:" + (id < 10 ? "0" : "") + std::to_string(id) +
         ".000Z";
}

void write_fleet_job(fleet::PgConnection& database, const FleetJobSpec& spec, bool same_as_daemon) {
  protocol::ShowReply shown = spec.from->shown;
  if (!same_as_daemon) {
    shown.job.id = spec.id;
    shown.job.created_at = created_at(spec.tester, spec.id);
    shown.job.testbed = spec.testbed;
  }
  if (spec.cancelled) {
    shown.job.state = protocol::JobState::cancelled;
    shown.job.reason = "cancelled by uid 0";
  }
  fleet::FleetJobUpdate update;
  update.tester = spec.tester;
  update.job = shown.job;
  for (const protocol::TrialRecord& trial : *shown.trials) {
    update.trials.push_back({trial.number, fleet::trial_record_json(trial)});
  }
  shown.trials.reset();
  shown.hook_runs.reset();
  update.job_json = protocol::to_compact_text(protocol::encode_reply(shown));
  if (!spec.cancelled) {
    protocol::ResultReply result = spec.from->result;
    result.job = shown.job;
    update.result_json = protocol::to_compact_text(protocol::encode_reply(result));
  }
  fleet::write_job_update(database, update);
}

/// lab-1: six nightly jobs at 1 Mpps (its job 1 the daemon's job 1 itself); lab-2: four
/// on testbed tb-a, four on tb-b and a cancelled one; lab-3: five at 1 Mpps and, with
/// `step_down`, two at 0.9 Mpps (else those two at 1 Mpps too).
void write_fleet(const std::string& conninfo, const StoredJob& full, const StoredJob& lower,
                 bool step_down) {
  fleet::PgConnection database = connect(conninfo);
  fleet::migrate(database);
  for (std::int64_t id = 1; id <= 6; ++id) {
    write_fleet_job(database, {"lab-1", id, &full, std::nullopt, false}, id == 1);
  }
  for (std::int64_t id = 1; id <= 9; ++id) {
    write_fleet_job(database, {"lab-2", id, &full, id <= 4 ? "tb-a" : "tb-b", id == 9}, false);
  }
  for (std::int64_t id = 1; id <= 7; ++id) {
    const StoredJob& from = step_down && id >= 6 ? lower : full;
    write_fleet_job(database, {"lab-3", id, &from, std::nullopt, false}, false);
  }
}

/// The daemon that makes the documents, and the server with two fleets: "fleet" with
/// lab-3's step down, "clean" without. Made once for every test case of this program.
struct FleetLab {
  TempDir dir;
  DaemonProcess daemon{dir, daemon_args(dir)};
  std::string socket = dir.file("control.sock");
  testing::PostgresServer server;
  std::string fleet;
  std::string clean;

  FleetLab() {
    REQUIRE(daemon.wait_ready());
    const std::string spec = dir.write("mlr.json", kSpec);
    for (const char* capacity : {"1e6", "0.9e6"}) {
      REQUIRE(run_cli(dir, {"submit", "--socket", socket, "--spec", spec, "--sut", "sharp",
                            "--sut-option", std::string("capacity_pps=") + capacity, "--name",
                            "nightly", "--watch"})
                  .exit_code == 0);
    }
    const StoredJob full = stored(1);
    const StoredJob lower = stored(2);
    fleet = server.conninfo();
    write_fleet(fleet, full, lower, true);
    clean = server.create_database("clean");
    write_fleet(clean, full, lower, false);
  }

  StoredJob stored(std::int64_t id) {
    ControlClient client(socket);
    Json::Value show = job_arguments(id);
    show["trials"] = true;
    const auto shown = client.request("show", show);
    const auto result = client.request("result", job_arguments(id));
    REQUIRE(shown.ok());
    REQUIRE(result.ok());
    StoredJob job;
    protocol::decode_reply(protocol::make_document(shown.arguments), job.shown);
    protocol::decode_reply(protocol::make_document(result.arguments), job.result);
    return job;
  }

  CliRun cli(std::vector<std::string> args, const std::string& conninfo) {
    args.insert(args.begin() + 1, {"--db", conninfo});
    return run_cli(dir, args);
  }
};

FleetLab& lab() {
  static FleetLab shared;
  return shared;
}

std::vector<Json::Value> json_lines(const std::string& text) {
  std::vector<Json::Value> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(parse_json(line));
  return lines;
}

}  // namespace

TEST_CASE("trend --db finds the regression planted on one of three testers and exits 6") {
  const CliRun trend = lab().cli({"trend", "nightly"}, lab().fleet);
  INFO(trend.out, trend.err);
  CHECK(trend.exit_code == 6);
  for (const char* header :
       {"trend of 'nightly on tester lab-1, no testbed', NDR (6 jobs, 6 grouped)",
        "trend of 'nightly on tester lab-2, testbed tb-a', NDR (4 jobs, 4 grouped)",
        "trend of 'nightly on tester lab-2, testbed tb-b', NDR (5 jobs, 4 grouped)",
        "trend of 'nightly on tester lab-3, no testbed', PDR (7 jobs, 7 grouped)"}) {
    CHECK(trend.out.find(header) != std::string::npos);
  }
  CHECK(trend.out.find("no result: cancelled by uid 0") != std::string::npos);
  CHECK(trend.out.find("verdict: REGRESSION: the newest group (jobs 6..7)") != std::string::npos);
  CHECK(trend.out.find("fleet: 'nightly' on 4 tester/testbed pairs: REGRESSION on tester lab-3, "
                       "no testbed (NDR, PDR)\n") != std::string::npos);

  const CliRun json = lab().cli({"trend", "nightly", "--json"}, lab().fleet);
  CHECK(json.exit_code == 6);
  const Json::Value document = parse_json(json.out);
  CHECK(document["fleet"].asBool());
  CHECK(document["regression"].asBool());
  REQUIRE(document["series"].size() == 8);  // 4 testers/testbeds x NDR, PDR
  for (const Json::Value& series : document["series"]) {
    CAPTURE(series["tester"].asString());
    const bool lab3 = series["tester"].asString() == "lab-3";
    CHECK(series["regression"].asBool() == lab3);
    CHECK(series["verdict"].asString() == (lab3 ? "regression" : "stable"));
    CHECK(series["groups"].size() == (lab3 ? 2U : 1U));
  }
}

TEST_CASE("trend --db of a clean fleet exits 0; --tester, --testbed, --any-testbed narrow it") {
  const CliRun clean = lab().cli({"trend", "nightly"}, lab().clean);
  INFO(clean.out, clean.err);
  CHECK(clean.exit_code == 0);
  CHECK(clean.out.find("on 4 tester/testbed pairs: no regression") != std::string::npos);

  CHECK(lab().cli({"trend", "nightly", "--tester", "lab-1"}, lab().fleet).exit_code == 0);
  CHECK(lab().cli({"trend", "nightly", "--tester", "lab-3"}, lab().fleet).exit_code == 6);

  const CliRun testbed = lab().cli({"trend", "nightly", "--testbed", "tb-a"}, lab().fleet);
  CHECK(testbed.exit_code == 0);
  CHECK(testbed.out.find("on 1 tester/testbed pairs: no regression") != std::string::npos);
  CHECK(testbed.out.find("lab-3") == std::string::npos);

  const CliRun merged =
      lab().cli({"trend", "nightly", "--any-testbed", "--goal", "NDR"}, lab().fleet);
  INFO(merged.out);
  CHECK(merged.exit_code == 6);
  CHECK(
      merged.out.find("trend of 'nightly on tester lab-2, any testbed', NDR (9 jobs, 8 grouped)") !=
      std::string::npos);
  CHECK(merged.out.find("on 3 testers (any testbed): REGRESSION on tester lab-3, any testbed "
                        "(NDR)") != std::string::npos);

  const CliRun none = lab().cli({"trend", "weekly"}, lab().fleet);
  CHECK(none.exit_code == 2);
  CHECK(none.err.find("no ended job is named 'weekly' in the fleet database") != std::string::npos);
  const CliRun no_tester = lab().cli({"trend", "nightly", "--tester", "lab-9"}, lab().fleet);
  CHECK(no_tester.exit_code == 2);
  CHECK(no_tester.err.find("on tester lab-9 in the fleet database") != std::string::npos);
}

TEST_CASE("list --db shows every tester's jobs, newest first, with a TESTER column") {
  const CliRun list = lab().cli({"list", "--limit", "3"}, lab().fleet);
  INFO(list.out, list.err);
  REQUIRE(list.exit_code == 0);
  CHECK(list.out.starts_with("TESTER  ID     STATE"));
  CHECK(list.out.find("\nlab-3   7      finished") != std::string::npos);
  CHECK(list.out.find("\nlab-3   5      finished") != std::string::npos);
  CHECK(list.out.find("lab-2") == std::string::npos);

  const CliRun cancelled = lab().cli({"list", "--state", "cancelled", "--json"}, lab().fleet);
  REQUIRE(cancelled.exit_code == 0);
  const Json::Value jobs = parse_json(cancelled.out)["jobs"];
  REQUIRE(jobs.size() == 1);
  CHECK(jobs[0]["tester"].asString() == "lab-2");
  CHECK(jobs[0]["id"].asInt64() == 9);
  CHECK(jobs[0]["testbed"].asString() == "tb-b");

  const CliRun one = lab().cli({"list", "--tester", "lab-2", "--testbed", "tb-a"}, lab().fleet);
  CHECK(one.exit_code == 0);
  CHECK(std::count(one.out.begin(), one.out.end(), '\n') == 5);  // header + 4 jobs
}

TEST_CASE("compare --db puts jobs of two testers side by side, named TESTER:ID") {
  const CliRun compare = lab().cli({"compare", "lab-1:2", "lab-3:7"}, lab().fleet);
  INFO(compare.out, compare.err);
  CHECK(compare.exit_code == 6);
  CHECK(compare.out.find("job lab-1:2") != std::string::npos);
  CHECK(compare.out.find("REGRESSION: NDR of job lab-3:7 is ") != std::string::npos);

  CHECK(lab().cli({"compare", "lab-1:2", "lab-2:3"}, lab().fleet).exit_code == 0);
  CHECK(lab().cli({"compare", "--tester", "lab-3", "1", "7"}, lab().fleet).exit_code == 6);

  const CliRun missing = lab().cli({"compare", "lab-1:2", "lab-9:1"}, lab().fleet);
  CHECK(missing.exit_code == 4);
  CHECK(missing.err.find(": job lab-9:1 not found (not_found)") != std::string::npos);
  CHECK(missing.err.find("fleet database ") != std::string::npos);
  const CliRun bare = lab().cli({"compare", "1", "2"}, lab().fleet);
  CHECK(bare.exit_code == 2);
  CHECK(bare.err.find("TESTER:ID") != std::string::npos);
}

TEST_CASE("export --db writes the daemon's own records, each with its tester") {
  const CliRun fleet = lab().cli({"export", "--tester", "lab-1"}, lab().fleet);
  INFO(fleet.err);
  REQUIRE(fleet.exit_code == 0);
  CHECK(fleet.err.find("exported 6 jobs (6 results, ") != std::string::npos);
  const std::vector<Json::Value> lines = json_lines(fleet.out);
  for (const Json::Value& line : lines) CHECK(line["tester"].asString() == "lab-1");

  // lab-1's job 1 is the daemon's job 1: the same records but for the tester.
  const CliRun daemon = run_cli(lab().dir, {"export", "--socket", lab().socket});
  REQUIRE(daemon.exit_code == 0);
  std::vector<Json::Value> own;
  for (const Json::Value& line : json_lines(daemon.out)) {
    if (line["job"].asInt64() == 1) own.push_back(line);
  }
  std::vector<Json::Value> copied;
  for (Json::Value line : lines) {
    if (line["job"].asInt64() != 1) continue;
    line.removeMember("tester");
    copied.push_back(line);
  }
  REQUIRE(own.size() > 2);
  REQUIRE(copied.size() == own.size());
  for (std::size_t i = 0; i < own.size(); ++i) {
    CAPTURE(i);
    CHECK(copied[i] == own[i]);
  }

  const CliRun csv =
      lab().cli({"export", "--format", "csv", "--records", "job", "--state", "all"}, lab().fleet);
  REQUIRE(csv.exit_code == 0);
  CHECK(csv.out.starts_with("tester,job,name,method,"));
  CHECK(csv.out.find("\r\nlab-2,9,nightly,mlr,sim,cancelled,") != std::string::npos);
  CHECK(std::count(csv.out.begin(), csv.out.end(), '\n') == 1 + 6 + 9 + 7);
}

TEST_CASE("--db errors name the server without its password, and a read-only role suffices") {
  const std::string reader = lab().server.create_read_only_role("fleet_reader");
  CHECK(lab().cli({"trend", "nightly", "--tester", "lab-1"}, reader).exit_code == 0);

  const std::string empty = lab().server.create_database("empty");
  const CliRun no_schema = lab().cli({"list"}, empty + " password=hunter2");
  CHECK(no_schema.exit_code == 1);
  CHECK(no_schema.err.find("no trex-search schema") != std::string::npos);
  CHECK(no_schema.err.find("dbname=empty") != std::string::npos);
  CHECK(no_schema.err.find("password=***") != std::string::npos);
  CHECK(no_schema.err.find("hunter2") == std::string::npos);

  const CliRun unreachable =
      lab().cli({"list", "--timeout", "5"}, "postgresql://someone:hunter2@127.0.0.1:1/fleet");
  CHECK(unreachable.exit_code == 1);
  CHECK(unreachable.err.find("cannot connect to PostgreSQL at ") != std::string::npos);
  CHECK(unreachable.err.find("hunter2") == std::string::npos);

  CHECK(lab().cli({"list", "--socket", lab().socket}, lab().fleet).exit_code == 2);
  CHECK(run_cli(lab().dir, {"trend", "nightly", "--socket", lab().socket, "--tester", "lab-1"})
            .exit_code == 2);
}

}  // namespace trexsearch::servicetest
