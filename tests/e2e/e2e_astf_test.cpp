// Issue #29 on the emulator: ASTF (stateful) jobs against `trex-emulator --astf` and its
// simulated stateful SUT (a connection-rate capacity): connection-rate NDR/PDR for TCP and
// UDP within one goal width of the capacity, a throughput search, a soak, a generator
// slower than the SUT reported as tester-limited (never a pass), a TRex restart costing
// one repeated trial.
#include <doctest/doctest.h>

#include <cmath>
#include <csignal>
#include <optional>
#include <string>

#include "daemon/job_measurers/astf_profile_probe.hpp"
#include "tests/daemon/support/emulator_process.hpp"
#include "tests/daemon/support/service_test_support.hpp"
#include "trex_client/codec/astf/astf_profile_codec.hpp"
#include "trex_client/codec/astf/md5_hex.hpp"
#include "trex_client/session/astf_session.hpp"
#include "trex_client/transport/zmq_rpc_channel.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;

// Emulated time runs this much faster than real time; the job's measurer matches it.
constexpr double kSpeed = 200.0;
constexpr double kCapacityCps = 20'000.0;
// MLRsearch's default relative goal width (draft-ietf-bmwg-mlrsearch, 0.005).
constexpr double kGoalWidth = 0.005;

std::vector<std::string> emulator_args(std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"--astf", "--astf-sut-cps", "20000", "--speed", "200"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

Json::Value astf_measurer(const std::string& endpoint, const Json::Value& tmpl) {
  Json::Value measurer(Json::objectValue);
  measurer["kind"] = "trex";
  measurer["endpoint"] = endpoint;
  measurer["speed"] = kSpeed;
  measurer["reconnect_grace"] = 10.0;
  measurer["astf"]["template"] = tmpl;
  return measurer;
}

Json::Value tmpl(const std::string& protocol, const std::string& transaction = "cps") {
  Json::Value t(Json::objectValue);
  t["protocol"] = protocol;
  t["transaction"] = transaction;
  return t;
}

struct AstfRig {
  explicit AstfRig(std::vector<std::string> extra = {})
      : emulator(dir.file("emulator.log"), emulator_args(std::move(extra))),
        daemon(dir, daemon_args(dir)) {
    REQUIRE(daemon.wait_ready());
    client.emplace(dir.file("control.sock"));
  }

  std::int64_t start(const Json::Value& submit) {
    const auto submitted = client->request("submit", submit);
    INFO(submitted.arguments.toStyledString());
    REQUIRE(submitted.result == ResultCode::success);
    const std::int64_t job = submitted.arguments["job"].asInt64();
    const auto watch = client->request("watch", job_arguments(job), 2);
    REQUIRE(watch.result == ResultCode::success);
    return job;
  }

  Json::Value finish(std::int64_t job) {
    const Json::Value ended = client->wait_event("job.ended");
    INFO(daemon.log());
    INFO(ended.toStyledString());
    REQUIRE(ended["state"].asString() == "finished");
    const auto result = client->request("result", job_arguments(job));
    REQUIRE(result.result == ResultCode::success);
    return result.arguments;
  }

  Json::Value search(const Json::Value& measurer, double min_load, double max_load) {
    Json::Value submit(Json::objectValue);
    submit["spec"] = two_goal_spec(min_load, max_load);
    submit["measurer"] = measurer;
    return finish(start(submit));
  }

  TempDir dir;
  EmulatorProcess emulator;
  DaemonProcess daemon;
  std::optional<ControlClient> client;
};

// The goal's bounds bracket the capacity within one goal width (the lower bound is
// where the SUT still met the goal, the upper where it did not).
void check_bounds_at_capacity(const Json::Value& goal, double capacity) {
  INFO(goal.toStyledString());
  CHECK(goal["regular"].asBool());
  CHECK_FALSE(goal["tester_limited"].isObject());
  const double lower = goal["relevant_lower_bound"].asDouble();
  CHECK(lower <= capacity * (1.0 + kGoalWidth) + 1.0);
  CHECK(lower >= capacity * (1.0 - kGoalWidth));
}

}  // namespace

TEST_CASE("a TCP connection-rate NDR/PDR finds the stateful SUT's capacity") {
  AstfRig rig;
  const Json::Value result =
      rig.search(astf_measurer(rig.emulator.rpc_endpoint(), tmpl("tcp")), 1'000.0, 100'000.0);
  const Json::Value& goals = result["result"]["goals"];
  REQUIRE(goals.size() == 2);
  check_bounds_at_capacity(goals[0], kCapacityCps);
  // Every trial says what it counted.
  const auto show = rig.client->request("show", job_arguments(result["job"]["id"].asInt64()));
  bool counted = false;
  for (const Json::Value& trial : show.arguments["trials"]) {
    for (const Json::Value& note : trial["notes"]) {
      counted = counted || note.asString().starts_with("astf_counts: tcp_connections");
    }
  }
  CHECK(counted);
  // People read connections per second, never frames: the job's unit is said everywhere.
  const std::string job = std::to_string(result["job"]["id"].asInt64());
  CHECK(result["job"]["load_unit"].asString() == "cps");
  for (const char* command : {"result", "show"}) {
    const CliRun text = run_cli(rig.dir, {command, "--socket", rig.dir.file("control.sock"), job});
    INFO(text.out, text.err);
    CHECK(text.exit_code == 0);
    CHECK(text.out.find(" cps") != std::string::npos);
    CHECK(text.out.find("pps") == std::string::npos);
  }
  const CliRun html =
      run_cli(rig.dir, {"report", "--socket", rig.dir.file("control.sock"), "-o", "-", job});
  REQUIRE(html.exit_code == 0);
  CHECK(html.out.find(" kcps") != std::string::npos);
  CHECK(html.out.find("[cps per direction]") != std::string::npos);
  for (const char* frames : {" pps", " kpps", " Mpps", "[pps"}) {
    CHECK_MESSAGE(html.out.find(frames) == std::string::npos, frames);
  }
}

TEST_CASE("a UDP connection-rate NDR/PDR finds the stateful SUT's capacity") {
  AstfRig rig;
  const Json::Value result =
      rig.search(astf_measurer(rig.emulator.rpc_endpoint(), tmpl("udp")), 1'000.0, 100'000.0);
  check_bounds_at_capacity(result["result"]["goals"][0], kCapacityCps);
}

TEST_CASE("a generator slower than the SUT makes the bound tester-limited, never a pass") {
  AstfRig rig({"--astf-max-cps", "10000"});
  const Json::Value result =
      rig.search(astf_measurer(rig.emulator.rpc_endpoint(), tmpl("tcp")), 1'000.0, 100'000.0);
  bool limited = false;
  for (const Json::Value& goal : result["result"]["goals"]) {
    INFO(goal.toStyledString());
    // Nothing above the generator's 10,000 cps ever passed.
    CHECK(goal["relevant_lower_bound"].asDouble() <= 10'000.0 * 1.01);
    limited = limited || goal["tester_limited"].isObject();
  }
  CHECK(limited);
}

TEST_CASE("a throughput search counts frames and a soak below capacity passes") {
  AstfRig rig;
  const Json::Value tput = rig.search(
      astf_measurer(rig.emulator.rpc_endpoint(), tmpl("udp", "tput")), 1'000.0, 100'000.0);
  check_bounds_at_capacity(tput["result"]["goals"][0], kCapacityCps);

  Json::Value submit(Json::objectValue);
  submit["method"] = "soak";
  submit["spec"]["load"] = "15kcps";
  submit["spec"]["interval"] = 10.0;
  submit["spec"]["duration"] = 60.0;
  submit["measurer"] = astf_measurer(rig.emulator.rpc_endpoint(), tmpl("tcp"));
  const Json::Value soak = rig.finish(rig.start(submit));
  INFO(soak.toStyledString());
  CHECK(soak["job"]["method"].asString() == "soak");
  CHECK(soak["result"]["stop_reason"].asString() == "completed");
  CHECK(soak["result"]["trials"].size() == 6);
  for (const Json::Value& trial : soak["result"]["trials"]) {
    CHECK(trial["sut_loss_ratio"].asDouble() == 0.0);
    CHECK_FALSE(trial["over_threshold"].asBool());
  }

  // The same soak above the capacity stops at its first interval, which lost connections.
  submit["spec"]["load"] = "25kcps";
  const Json::Value over = rig.finish(rig.start(submit));
  INFO(over.toStyledString());
  CHECK(over["result"]["stop_reason"].asString() == "loss_threshold");
  CHECK(over["result"]["trials"][0]["sut_loss_ratio"].asDouble() ==
        doctest::Approx(0.2).epsilon(0.05));
}

TEST_CASE("PLRsearch and MRR run on connection rates too") {
  AstfRig rig;
  // PLRsearch's critical load at a small loss ratio lies at the SUT's capacity.
  Json::Value plr(Json::objectValue);
  plr["method"] = "plr";
  plr["spec"]["min_load"] = "1kcps";
  plr["spec"]["max_load"] = "100kcps";
  plr["spec"]["trial_duration_first"] = 1.0;
  plr["spec"]["trial_duration_increment"] = 1.0;
  plr["spec"]["time_budget"] = 60.0;
  plr["spec"]["samples_per_trial"] = 2000;
  plr["spec"]["seed"] = 11;
  plr["measurer"] = astf_measurer(rig.emulator.rpc_endpoint(), tmpl("tcp"));
  const Json::Value soak = rig.finish(rig.start(plr));
  INFO(soak.toStyledString());
  REQUIRE(soak["result"]["estimate"].isObject());
  const double average = soak["result"]["estimate"]["average"].asDouble();
  CHECK(average > kCapacityCps * 0.5);  // PLR at a 1e-7 loss ratio stays below a sharp edge
  CHECK(average < kCapacityCps * 1.1);

  // MRR above the capacity: the SUT establishes its capacity per second, whatever is asked.
  Json::Value mrr(Json::objectValue);
  mrr["method"] = "mrr";
  mrr["spec"]["load"] = "40kcps";
  mrr["spec"]["trial_duration"] = 1.0;
  mrr["spec"]["trials"] = 5;
  mrr["measurer"] = astf_measurer(rig.emulator.rpc_endpoint(), tmpl("tcp"));
  const Json::Value done = rig.finish(rig.start(mrr));
  INFO(done.toStyledString());
  CHECK(done["result"]["stop_reason"].asString() == "completed");
  CHECK_FALSE(done["result"]["tester_limited"].asBool());
  const double mean = done["result"]["receive_rate"]["mean"].asDouble();
  CHECK(mean > kCapacityCps * 0.98);
  CHECK(mean < kCapacityCps * 1.02);
}

TEST_CASE("throughput trials ramp the DUT's sessions up when they may have expired") {
  AstfRig rig;
  const auto ramp_ups = [&](double state_timeout_s) {
    Json::Value submit(Json::objectValue);
    submit["method"] = "soak";
    submit["spec"]["load"] = "15kcps";
    submit["spec"]["interval"] = 1.0;
    submit["spec"]["duration"] = 5.0;
    Json::Value t = tmpl("udp", "tput");
    t["sessions"] = 15000;
    submit["measurer"] = astf_measurer(rig.emulator.rpc_endpoint(), t);
    submit["measurer"]["astf"]["ramp_up"] = 5000.0;
    submit["measurer"]["astf"]["state_timeout"] = state_timeout_s;
    const Json::Value soak = rig.finish(rig.start(submit));
    INFO(soak.toStyledString());
    std::size_t with_note = 0;
    for (const Json::Value& trial : soak["result"]["trials"]) {
      CHECK(trial["sut_loss_ratio"].asDouble() == 0.0);
      for (const Json::Value& note : trial["notes"]) {
        with_note += note.asString().starts_with("ramp_up: a ramp-up run at 5000") ? 1 : 0;
      }
    }
    return with_note;
  };
  // Sessions live 240 s: one ramp-up before the first interval, then every interval
  // that lost nothing keeps them fresh.
  CHECK(ramp_ups(240.0) == 1);
  // Sessions live 1.5 s: an interval (1 s of traffic plus TRex's 0.11 s to its first
  // flow, then its start and stop) ends more than 1.5 s after the last one began, so
  // each is preceded by one, whatever the timing.
  CHECK(ramp_ups(1.5) == 5);
}

TEST_CASE(
    "at submission TRex parses an ASTF profile when it is free, and says why it refuses one") {
  TempDir dir;
  EmulatorProcess emulator(dir.file("emulator.log"), emulator_args());
  service::AstfJobSpec job;
  job.profile = trex::compile_astf_template(trex::AstfTemplate{});
  job.trial.total_cps = job.profile.total_cps;
  const measure::Seconds timeout{1.0};
  CHECK_FALSE(service::probe_astf_profile(emulator.rpc_endpoint(), "u", job, timeout));

  // A profile TRex refuses when it parses it (our own check would have refused this
  // one first; TRex's check is the last word on what it runs).
  service::AstfJobSpec refused = job;
  const std::string::size_type cps = refused.profile.json.find("\"cps\":");
  REQUIRE(cps != std::string::npos);
  const std::string::size_type end = refused.profile.json.find_first_of(",}", cps);
  refused.profile.json.replace(cps, end - cps, "\"cps\":0.1");
  refused.profile.md5_hex = trex::md5_hex(refused.profile.json);
  const auto reason = service::probe_astf_profile(emulator.rpc_endpoint(), "u", refused, timeout);
  REQUIRE(reason.has_value());
  CHECK(reason->find("less than minimum 0.5") != std::string::npos);

  // A context someone holds (a running job) is left alone: not asked.
  trex::SessionConfig holder;
  holder.user = "running-job";
  holder.ports = {0, 1};
  trex::AstfSession running(std::make_unique<trex::ZmqRpcChannel>(emulator.rpc_endpoint()), holder);
  running.connect();
  CHECK_FALSE(service::probe_astf_profile(emulator.rpc_endpoint(), "u", refused, timeout));
  CHECK(running.astf().sync().profile_state("_") == trex::AstfState::idle);
}

TEST_CASE("an emulator restart mid-search repeats only the interrupted ASTF trial") {
  AstfRig rig;
  Json::Value submit(Json::objectValue);
  submit["spec"] = two_goal_spec(1'000.0, 100'000.0);
  submit["measurer"] = astf_measurer(rig.emulator.rpc_endpoint(), tmpl("tcp"));
  const std::int64_t job = rig.start(submit);
  rig.client->wait_trial_count(3);
  rig.emulator.send_signal(SIGHUP);
  CHECK(rig.emulator.read_line(kDeadline) == "restarted");
  const Json::Value result = rig.finish(job);
  check_bounds_at_capacity(result["result"]["goals"][0], kCapacityCps);
  CHECK(rig.daemon.log().find("trex_reconnected endpoint=" + rig.emulator.rpc_endpoint()) !=
        std::string::npos);
}

}  // namespace trexsearch::servicetest
