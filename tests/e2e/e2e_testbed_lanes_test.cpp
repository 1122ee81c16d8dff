// Jobs on different testbeds run at the same time, jobs on one testbed one after the
// other (docs/testbeds.md): two trex-emulators as two testbeds, and a 4-port emulator
// split into two; results as when each job runs alone; after SIGKILL both resume.
// Whether jobs overlapped is read from the daemon's own start and end times (which
// job started before which ended), never from how fast the machine is.
#include <doctest/doctest.h>

#include <cmath>
#include <csignal>
#include <string>
#include <vector>

#include "tests/daemon/support/emulator_process.hpp"
#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;

std::string testbed_section(const std::string& name, const std::string& endpoint,
                            const std::string& ports) {
  return "[testbed." + name + "]\nendpoint = " + endpoint + "\nports = " + ports + "\n";
}

// An NDR/PDR job of the stock profile on `testbed`, its port pair moved to `ports`.
Json::Value ndr_pdr_on(const std::string& testbed, unsigned first_port = 0,
                       const std::string& speed = "100") {
  Json::Value measurer(Json::objectValue);
  measurer["kind"] = "trex";
  measurer["speed"] = std::stod(speed);
  set_inline_profile(measurer, example_profile_path());
  measurer["profile"]["port_pairs"][0]["ports"][0] = first_port;
  measurer["profile"]["port_pairs"][0]["ports"][1] = first_port + 1;
  Json::Value job = submit_arguments(two_goal_spec(10000.0, 2e6), measurer);
  job["testbed"] = testbed;
  job["name"] = "on-" + testbed;
  return job;
}

std::int64_t submit(ControlClient& client, const Json::Value& job) {
  const auto submitted = client.request("submit", job);
  INFO(submitted.text);
  REQUIRE(submitted.result == ResultCode::success);
  return submitted.arguments["job"].asInt64();
}

struct Ended {
  std::string started_at;
  std::string finished_at;
  std::vector<double> bounds;
  int run_count = 0;
  Json::Value trials;
};

// Waits for the job's end (watching it) and reads its result.
Ended wait_end(const std::string& socket, std::int64_t job) {
  ControlClient client(socket);
  const auto watch = client.request("watch", job_arguments(job), 2);
  REQUIRE(watch.result == ResultCode::success);
  if (!watch.arguments["ended"].asBool()) client.wait_event("job.ended");
  const auto result = client.request("result", job_arguments(job));
  REQUIRE(result.result == ResultCode::success);
  const Json::Value& record = result.arguments["job"];
  CHECK(record["state"].asString() == "finished");
  Ended ended{record["started_at"].asString(),
              record["finished_at"].asString(),
              {},
              record["run_count"].asInt(),
              result.arguments["result"]["trials"]};
  for (const Json::Value& goal : result.arguments["result"]["goals"]) {
    ended.bounds.push_back(goal["relevant_lower_bound"].asDouble());
    ended.bounds.push_back(goal["relevant_upper_bound"].asDouble());
  }
  return ended;
}

// Within one goal width: each bound within the relative width of `alone`'s bounds.
void check_same_result(const Ended& together, const Ended& alone) {
  REQUIRE(together.bounds.size() == 4);
  REQUIRE(alone.bounds.size() == 4);
  for (std::size_t goal = 0; goal < 2; ++goal) {
    const double width = alone.bounds[2 * goal + 1] / alone.bounds[2 * goal] - 1.0;
    for (std::size_t k = 2 * goal; k < 2 * goal + 2; ++k) {
      CAPTURE(k);
      CHECK(std::abs(together.bounds[k] / alone.bounds[k] - 1.0) <= width * 1.001);
    }
  }
}

bool overlapped(const Ended& a, const Ended& b) {
  // UTC timestamps of one format: text order is time order.
  return a.started_at < b.finished_at && b.started_at < a.finished_at;
}

}  // namespace

TEST_CASE("two emulators as two testbeds: jobs run at once, with the results they get alone") {
  TempDir dir;
  const std::vector<std::string> sut{"--sut",   "sharp", "--sut-option", "capacity_pps=1e6",
                                     "--speed", "100"};
  EmulatorProcess first(dir.file("first.log"), sut);
  EmulatorProcess second(dir.file("second.log"), sut);
  DaemonProcess daemon(
      dir, daemon_args_with_config(dir, testbed_section("a", first.rpc_endpoint(), "0,1") +
                                            testbed_section("b", second.rpc_endpoint(), "0,1")));
  REQUIRE(daemon.wait_ready());
  INFO(daemon.log());
  const std::string socket = dir.file("control.sock");
  ControlClient client(socket);

  const Ended alone = wait_end(socket, submit(client, ndr_pdr_on("a")));
  const std::int64_t on_a = submit(client, ndr_pdr_on("a"));
  const std::int64_t on_b = submit(client, ndr_pdr_on("b"));
  const Ended a = wait_end(socket, on_a);
  const Ended b = wait_end(socket, on_b);
  CHECK(overlapped(a, b));
  check_same_result(a, alone);
  check_same_result(b, alone);

  // Two jobs on one testbed: the second starts when the first has ended.
  const std::int64_t a1 = submit(client, ndr_pdr_on("a"));
  const std::int64_t a2 = submit(client, ndr_pdr_on("a"));
  const auto shown = client.request("show", job_arguments(a2));
  REQUIRE(shown.result == ResultCode::success);
  const Ended first_end = wait_end(socket, a1);
  const Ended second_end = wait_end(socket, a2);
  CHECK_FALSE(overlapped(first_end, second_end));
  CHECK(first_end.finished_at <= second_end.started_at);
}

TEST_CASE("a 4-port emulator split into testbeds on ports 0-1 and 2-3 runs both at once") {
  TempDir dir;
  EmulatorProcess emulator(
      dir.file("emulator.log"),
      {"--ports", "4", "--sut", "sharp", "--sut-option", "capacity_pps=1e6", "--speed", "100"});
  DaemonProcess daemon(dir, daemon_args_with_config(
                                dir, testbed_section("low", emulator.rpc_endpoint(), "0-1") +
                                         testbed_section("high", emulator.rpc_endpoint(), "2-3")));
  REQUIRE(daemon.wait_ready());
  INFO(daemon.log());
  const std::string socket = dir.file("control.sock");
  ControlClient client(socket);
  // A job on the wrong ports for its testbed is refused, naming the testbed's.
  const auto wrong = client.request("submit", ndr_pdr_on("high", 0));
  CHECK(wrong.result == ResultCode::bad_request);
  CHECK(wrong.text.find("testbed high has ports 2,3 only") != std::string::npos);

  const std::int64_t low = submit(client, ndr_pdr_on("low", 0));
  const std::int64_t high = submit(client, ndr_pdr_on("high", 2));
  const Ended low_end = wait_end(socket, low);
  const Ended high_end = wait_end(socket, high);
  CHECK(overlapped(low_end, high_end));
  check_same_result(high_end, low_end);
}

TEST_CASE("SIGKILL while two testbeds run jobs: after restart both resume, no trial twice") {
  TempDir dir;
  // Slower emulated time, so that both jobs are mid-search when the daemon dies.
  const std::vector<std::string> sut{"--sut",   "sharp", "--sut-option", "capacity_pps=1e6",
                                     "--speed", "10"};
  EmulatorProcess first(dir.file("first.log"), sut);
  EmulatorProcess second(dir.file("second.log"), sut);
  const std::string config = testbed_section("a", first.rpc_endpoint(), "0,1") +
                             testbed_section("b", second.rpc_endpoint(), "0,1");
  const std::string socket = dir.file("control.sock");
  std::int64_t on_a = 0;
  std::int64_t on_b = 0;
  {
    DaemonProcess daemon(dir, daemon_args_with_config(dir, config), "first");
    REQUIRE(daemon.wait_ready());
    ControlClient client(socket);
    on_a = submit(client, ndr_pdr_on("a", 0, "10"));
    on_b = submit(client, ndr_pdr_on("b", 0, "10"));
    ControlClient watch_a(socket);
    ControlClient watch_b(socket);
    REQUIRE(watch_a.request("watch", job_arguments(on_a), 2).result == ResultCode::success);
    REQUIRE(watch_b.request("watch", job_arguments(on_b), 2).result == ResultCode::success);
    // Trial events come after the trial is stored: both jobs are running here.
    watch_a.wait_trial_count(3);
    watch_b.wait_trial_count(3);
    daemon.send_signal(SIGKILL);
    CHECK(daemon.wait_exit() == 128 + SIGKILL);
  }
  DaemonProcess restarted(dir, daemon_args_with_config(dir, config), "second");
  REQUIRE(restarted.wait_ready());
  INFO(restarted.log());
  for (const std::int64_t job : {on_a, on_b}) {
    CAPTURE(job);
    const Ended ended = wait_end(socket, job);
    CHECK(ended.run_count == 2);
    REQUIRE(ended.trials.size() >= 3);
    for (Json::ArrayIndex i = 0; i < ended.trials.size(); ++i) {
      CHECK(ended.trials[i]["number"].asUInt64() == i + 1);
    }
  }
  const std::string log = restarted.log();
  CHECK(log.find("job.resumed job=" + std::to_string(on_a)) != std::string::npos);
  CHECK(log.find("job.resumed job=" + std::to_string(on_b)) != std::string::npos);
}

}  // namespace trexsearch::servicetest
