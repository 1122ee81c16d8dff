// The fleet replicator end to end (docs/fleet.md): real trex-searchd processes with
// `results-db` set, a PostgreSQL server of the test's own that is killed, restarted
// and stopped under them, and the fleet database compared row by row with each
// daemon's own store (read through `show`).
#include <doctest/doctest.h>

#include <chrono>
#include <csignal>
#include <map>
#include <memory>
#include <thread>

#include "daemon/fleet/pg_connection.hpp"
#include "daemon/protocol/replies/trial_record_codec.hpp"
#include "tests/daemon/support/emulator_process.hpp"
#include "tests/daemon/support/service_test_support.hpp"
#include "tests/support/postgres_server.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;
using Clock = std::chrono::steady_clock;

// A replicating daemon in its own directory, named `tester`.
struct FleetDaemon {
  FleetDaemon(const std::string& conninfo, const std::string& tester,
              const std::string& extra_config = "")
      : daemon(dir,
               daemon_args_with_config(dir, "results-db = " + conninfo + "\ntester-id = " + tester +
                                                "\nresults-db-timeout = 1\n" + extra_config),
               tester),
        name(tester) {}
  std::string socket() const { return dir.file("control.sock"); }

  TempDir dir;
  DaemonProcess daemon;
  std::string name;
};

std::int64_t submit(ControlClient& client, const Json::Value& arguments) {
  const auto reply = client.request("submit", arguments);
  REQUIRE(reply.result == ResultCode::success);
  return reply.arguments["job"].asInt64();
}

// Waits for the job's end (a watch, not a poll) and returns its state.
std::string wait_ended(const std::string& socket, std::int64_t job) {
  ControlClient watcher(socket);
  const auto watched = watcher.request("watch", job_arguments(job), 2);
  REQUIRE(watched.result == ResultCode::success);
  if (watched.arguments["ended"].asBool()) return watched.arguments["job"]["state"].asString();
  return watcher.wait_event("job.ended")["state"].asString();
}

Json::Value mlr_job(double capacity_pps) {
  return submit_arguments(two_goal_spec(), sim_measurer(capacity_pps));
}

// An NDR/PDR search on trex-emulator (100x time: 1 s trials take 10 ms).
Json::Value trex_job(const std::string& endpoint) {
  Json::Value measurer = parse_json(R"({"kind": "trex", "speed": 100, "reconnect_grace": 10})");
  measurer["endpoint"] = endpoint;
  set_inline_profile(measurer, example_profile_path());
  Json::Value spec = two_goal_spec(10000.0, 2e6);
  return submit_arguments(spec, measurer);
}

// Every trial the daemon stored for each of its jobs, from `show`.
std::map<std::int64_t, std::vector<protocol::TrialRecord>> local_trials(const std::string& socket) {
  ControlClient client(socket);
  Json::Value list(Json::objectValue);
  list["limit"] = 1000;
  const auto listed = client.request("list", list);
  REQUIRE(listed.result == ResultCode::success);
  std::map<std::int64_t, std::vector<protocol::TrialRecord>> trials;
  for (const Json::Value& job : listed.arguments["jobs"]) {
    const std::int64_t id = job["id"].asInt64();
    const auto shown = client.request("show", job_arguments(id));
    REQUIRE(shown.result == ResultCode::success);
    trials[id] = protocol::decode_trial_records(shown.arguments["trials"], "show.trials");
  }
  return trials;
}

// The same from the fleet database, for one tester.
std::map<std::int64_t, std::vector<protocol::TrialRecord>> fleet_trials(
    fleet::PgConnection& database, const std::string& tester) {
  std::map<std::int64_t, std::vector<protocol::TrialRecord>> trials;
  for (const auto& row :
       database.exec("SELECT job_id FROM jobs WHERE tester = $1", {tester}).rows) {
    trials[std::stoll(*row[0])];
  }
  const fleet::PgRows rows = database.exec(
      "SELECT job_id, record::text FROM trials WHERE tester = $1 ORDER BY job_id, number",
      {tester});
  for (const auto& row : rows.rows) {
    trials[std::stoll(*row[0])].push_back(
        protocol::decode_trial_record(parse_json(*row[1]), "fleet trial"));
  }
  return trials;
}

std::uint64_t trial_rows(fleet::PgConnection& database, const std::string& tester) {
  const fleet::PgRows rows =
      database.exec("SELECT count(*) FROM trials WHERE tester = $1", {tester});
  return std::stoull(*rows.rows.at(0).at(0));
}

std::uint64_t trial_count(const std::map<std::int64_t, std::vector<protocol::TrialRecord>>& jobs) {
  std::uint64_t count = 0;
  for (const auto& [job, trials] : jobs) count += trials.size();
  return count;
}

// Asks `done` until it says yes, for at most `bound`; whether it did. What these tests
// wait for (rows in another process's database, the replicator's state after its own
// backoff) sends no event, so they poll: the pause is the pace of the asking, the
// deadline the bound.
template <class Done>
bool poll_until(std::chrono::seconds bound, Done done) {
  const auto deadline = Clock::now() + bound;
  while (!done()) {
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return true;
}

// Waits (bounded) until the fleet database holds as many jobs in their final state and
// trials as the daemon's store: replication has caught up.
bool caught_up(fleet::PgConnection& database, FleetDaemon& tester, std::chrono::seconds bound) {
  const auto local = local_trials(tester.socket());
  return poll_until(bound, [&] {
    try {
      const fleet::PgRows ended = database.exec(
          "SELECT count(*) FROM jobs WHERE tester = $1 AND state IN ('finished', 'failed', "
          "'cancelled')",
          {tester.name});
      return std::stoull(*ended.rows.at(0).at(0)) == local.size() &&
             trial_rows(database, tester.name) == trial_count(local);
    } catch (const fleet::PgError&) {
      return false;  // The schema may not exist yet: the first daemon creates it.
    }
  });
}

Json::Value status_of(const std::string& socket) {
  ControlClient client(socket);
  const auto status = client.request("status");
  REQUIRE(status.result == ResultCode::success);
  return status.arguments;
}

}  // namespace

TEST_CASE(
    "three daemons replicate every job and trial exactly once while the fleet database is "
    "killed twice") {
  testing::PostgresServer server;
  std::vector<std::unique_ptr<FleetDaemon>> testers;
  for (const char* name : {"tester-a", "tester-b", "tester-c"}) {
    testers.push_back(std::make_unique<FleetDaemon>(server.conninfo(), name));
    REQUIRE(testers.back()->daemon.wait_ready());
  }
  // Jobs run while the server is dead (killed right after they are queued) ...
  std::vector<std::pair<FleetDaemon*, std::int64_t>> jobs;
  for (std::size_t i = 0; i < testers.size(); ++i) {
    ControlClient client(testers[i]->socket());
    jobs.emplace_back(testers[i].get(), submit(client, mlr_job(1e6 * static_cast<double>(i + 1))));
    jobs.emplace_back(testers[i].get(),
                      submit(client, deterministic_plr_submit(sim_measurer(1e6))));
  }
  server.kill_hard();
  for (const auto& [tester, job] : jobs) CHECK(wait_ended(tester->socket(), job) == "finished");
  // ... and again after a restart, with replication resuming in between: each daemon
  // also drives its own trex-emulator.
  server.restart();
  jobs.clear();
  std::vector<std::unique_ptr<EmulatorProcess>> emulators;
  for (auto& tester : testers) {
    emulators.push_back(std::make_unique<EmulatorProcess>(
        tester->dir.file("emulator.log"),
        std::vector<std::string>{"--sut", "sharp", "--sut-option", "capacity_pps=1e6", "--speed",
                                 "100"}));
    REQUIRE_FALSE(emulators.back()->rpc_endpoint().empty());
    ControlClient client(tester->socket());
    jobs.emplace_back(tester.get(), submit(client, trex_job(emulators.back()->rpc_endpoint())));
    jobs.emplace_back(tester.get(), submit(client, mlr_job(5e5)));
  }
  server.kill_hard();
  for (const auto& [tester, job] : jobs) CHECK(wait_ended(tester->socket(), job) == "finished");
  server.restart();

  fleet::PgConnection database({server.conninfo()});
  for (auto& tester : testers) {
    INFO("tester " << tester->name);
    REQUIRE(caught_up(database, *tester, std::chrono::seconds(60)));
    const auto local = local_trials(tester->socket());
    const auto replicated = fleet_trials(database, tester->name);
    // Every job and every trial, each once (the counts) and equal field by field.
    CHECK(replicated.size() == local.size());
    CHECK(trial_rows(database, tester->name) == trial_count(local));
    CHECK(replicated == local);
    const Json::Value replication = status_of(tester->socket())["replication"];
    CHECK(replication["tester"].asString() == tester->name);
    CHECK(replication["connected"].asBool());
  }
  // Each finished job has its result and goal values; none failed.
  const fleet::PgRows unresulted = database.exec(
      "SELECT count(*) FROM jobs WHERE state <> 'finished' OR result IS NULL OR NOT EXISTS "
      "(SELECT 1 FROM goal_values g WHERE g.tester = jobs.tester AND g.job_id = jobs.job_id)");
  CHECK(*unresulted.rows.at(0).at(0) == "0");
  CHECK(*database.exec("SELECT count(*) FROM testers").rows.at(0).at(0) == "3");
}

TEST_CASE("a stopped fleet database changes nothing in a search, and replication catches up") {
  testing::PostgresServer server;
  FleetDaemon replicating(server.conninfo(), "stopped-db");
  REQUIRE(replicating.daemon.wait_ready());
  TempDir plain_dir;
  DaemonProcess plain(plain_dir, daemon_args(plain_dir), "plain");
  REQUIRE(plain.wait_ready());
  {  // The schema exists before the server stops.
    fleet::PgConnection database({server.conninfo()});
    poll_until(std::chrono::seconds(20), [&] {
      return database.exec("SELECT to_regclass('testers') IS NOT NULL").rows.at(0).at(0) == "t";
    });
  }
  server.stop_signal();
  const Json::Value job = deterministic_plr_submit(sim_measurer(1e6));
  ControlClient client(replicating.socket());
  const std::int64_t replicated_job = submit(client, job);
  ControlClient plain_client(plain_dir.file("control.sock"));
  const std::int64_t plain_job = submit(plain_client, job);
  CHECK(wait_ended(replicating.socket(), replicated_job) == "finished");
  CHECK(wait_ended(plain_dir.file("control.sock"), plain_job) == "finished");
  // The same trials as a daemon without replication.
  const auto with = local_trials(replicating.socket()).at(replicated_job);
  const auto without = local_trials(plain_dir.file("control.sock")).at(plain_job);
  REQUIRE(with.size() == without.size());
  for (std::size_t i = 0; i < with.size(); ++i) CHECK(with[i].load_pps == without[i].load_pps);
  // `status` answers while the server is stopped, and says replication is failing
  // once a statement's bound (1 s) has passed.
  Json::Value replication;
  poll_until(std::chrono::seconds(20), [&] {
    replication = status_of(replicating.socket())["replication"];
    return !replication["connected"].asBool() && replication.isMember("last_error");
  });
  CHECK_FALSE(replication["connected"].asBool());
  CHECK(replication["last_error"].asString().find("PostgreSQL") != std::string::npos);
  CHECK(replication["rows_behind"].asUInt64() > 0);

  server.continue_signal();
  fleet::PgConnection database({server.conninfo()});
  REQUIRE(caught_up(database, replicating, std::chrono::seconds(60)));
  CHECK(fleet_trials(database, "stopped-db").at(replicated_job) == with);
}

TEST_CASE("a daemon killed while replication is behind resumes from its watermark") {
  testing::PostgresServer server;
  auto tester = std::make_unique<FleetDaemon>(server.conninfo(), "restarted");
  REQUIRE(tester->daemon.wait_ready());
  {
    ControlClient client(tester->socket());
    const std::int64_t job = submit(client, mlr_job(1e6));
    REQUIRE(wait_ended(tester->socket(), job) == "finished");
  }
  fleet::PgConnection database({server.conninfo()});
  REQUIRE(caught_up(database, *tester, std::chrono::seconds(60)));
  // Behind: two more jobs while the server is down, then the daemon dies with them unsent.
  server.kill_hard();
  {
    ControlClient client(tester->socket());
    const std::int64_t mlr = submit(client, mlr_job(2e6));
    const std::int64_t plr = submit(client, deterministic_plr_submit(sim_measurer(1e6)));
    CHECK(wait_ended(tester->socket(), mlr) == "finished");
    CHECK(wait_ended(tester->socket(), plr) == "finished");
  }
  tester->daemon.send_signal(SIGKILL);
  REQUIRE(tester->daemon.wait_exit() == 128 + SIGKILL);
  server.restart();
  // The same state directory and tester id: it sends what its store says is unsent.
  DaemonProcess again(tester->dir,
                      daemon_args_with_config(tester->dir, "results-db = " + server.conninfo() +
                                                               "\ntester-id = restarted\n"),
                      "again");
  REQUIRE(again.wait_ready());
  REQUIRE(caught_up(database, *tester, std::chrono::seconds(60)));
  const auto local = local_trials(tester->socket());
  CHECK(local.size() == 3);
  CHECK(fleet_trials(database, "restarted") == local);
  CHECK(trial_rows(database, "restarted") == trial_count(local));
}

TEST_CASE("the fleet connection string's password is never shown") {
  TempDir dir;
  const std::string config =
      "trex-cpus = none\nresults-db = host=" + dir.file("no-server") +
      " dbname=fleet user=u password=s3cret-word\ntester-id = lab-1\nresults-db-timeout = 1\n";
  const std::string file = dir.write("fleet.conf", config);
  DaemonProcess daemon(dir, {"--config", file, "--socket", dir.file("control.sock"), "--state-dir",
                             dir.file("state")});
  REQUIRE(daemon.wait_ready());
  ControlClient client(dir.file("control.sock"));
  // Jobs run without the fleet database.
  const std::int64_t job = submit(client, mlr_job(1e6));
  CHECK(wait_ended(dir.file("control.sock"), job) == "finished");
  Json::Value replication;
  poll_until(std::chrono::seconds(20), [&] {
    replication = status_of(dir.file("control.sock"))["replication"];
    // The job ended before the replicator's next look at the store (after its backoff).
    return replication.isMember("last_error") && replication["rows_behind"].asUInt64() > 0;
  });
  CHECK(replication["target"].asString().find("password=***") != std::string::npos);
  CHECK(replication["tester"].asString() == "lab-1");
  CHECK_FALSE(replication["last_error"].asString().empty());
  CHECK(replication["rows_behind"].asUInt64() > 0);
  daemon.send_signal(SIGTERM);
  CHECK(daemon.wait_exit() == 0);
  CHECK(daemon.log().find("s3cret-word") == std::string::npos);
  CHECK(daemon.log().find("replication.failed") != std::string::npos);
}

}  // namespace trexsearch::servicetest
