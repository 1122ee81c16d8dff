#include <doctest/doctest.h>

#include <csignal>

#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;

Json::Value run_to_result(ControlClient& client, const Json::Value& submit) {
  const auto submitted = client.request("submit", submit);
  REQUIRE(submitted.result == ResultCode::success);
  const std::int64_t job = submitted.arguments["job"].asInt64();
  const auto watch = client.request("watch", job_arguments(job), 2);
  REQUIRE(watch.result == ResultCode::success);
  if (!watch.arguments["ended"].asBool()) {
    CHECK(client.wait_event("job.ended")["state"].asString() == "finished");
  }
  const auto result = client.request("result", job_arguments(job));
  REQUIRE(result.result == ResultCode::success);
  return result.arguments;
}

}  // namespace

TEST_CASE(
    "a PLR job killed with SIGKILL resumes on the next start and ends with the estimate of an "
    "uninterrupted run") {
  TempDir dir;
  constexpr std::size_t kCompleted = 3;
  const Json::Value hanging = deterministic_plr_submit(fake_exec_measurer(
      1e6, {"--hang-at", std::to_string(kCompleted + 1), "--disarm-file", dir.file("disarm")}));
  std::int64_t job = 0;
  {
    DaemonProcess first(dir, daemon_args(dir), "first");
    REQUIRE(first.wait_ready());
    ControlClient client(dir.file("control.sock"));
    const auto submitted = client.request("submit", hanging);
    REQUIRE(submitted.result == ResultCode::success);
    job = submitted.arguments["job"].asInt64();
    REQUIRE(client.request("watch", job_arguments(job), 2).result == ResultCode::success);
    const Json::Value event = client.wait_trial(kCompleted);
    // Every trial event carries the estimate computed while it ran (trial 1 has none).
    CHECK(event.isMember("estimate"));
    const auto shown = client.request("show", job_arguments(job));
    REQUIRE(shown.result == ResultCode::success);
    first.send_signal(SIGKILL);
    CHECK(first.wait_exit() == 128 + SIGKILL);
  }
  dir.write("disarm", "");

  DaemonProcess second(dir, daemon_args(dir), "second");
  REQUIRE(second.wait_ready());
  ControlClient client(dir.file("control.sock"));
  const auto watch = client.request("watch", job_arguments(job), 2);
  REQUIRE(watch.result == ResultCode::success);
  if (!watch.arguments["ended"].asBool()) {
    CHECK(client.wait_event("job.ended")["state"].asString() == "finished");
  }
  const auto resumed = client.request("result", job_arguments(job));
  REQUIRE(resumed.result == ResultCode::success);
  CHECK(resumed.arguments["job"]["run_count"].asInt() == 2);
  CHECK(second.log().find("job.resumed job=1 replayed_trials=3") != std::string::npos);
  const Json::Value& result = resumed.arguments["result"];
  CHECK(result["stop_reason"].asString() == "time_budget");
  REQUIRE(result["trials"].size() > kCompleted);
  for (Json::ArrayIndex i = 0; i < result["trials"].size(); ++i) {
    CHECK(result["trials"][i]["number"].asUInt64() == i + 1);
  }

  // The same search, never interrupted, on the same daemon.
  const Json::Value whole =
      run_to_result(client, deterministic_plr_submit(fake_exec_measurer(1e6, {})));
  REQUIRE(whole["result"]["trials"].size() == result["trials"].size());
  CHECK(whole["result"]["estimate"] == result["estimate"]);
  for (Json::ArrayIndex i = 0; i < result["trials"].size(); ++i) {
    CHECK(whole["result"]["trials"][i]["load"] == result["trials"][i]["load"]);
    CHECK(whole["result"]["trials"][i]["estimate"] == result["trials"][i]["estimate"]);
  }
}

TEST_CASE("a PLR job on a simulated SUT finishes; show gives its estimate, result its PLR JSON") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  ControlClient client(dir.file("control.sock"));
  const Json::Value done = run_to_result(client, deterministic_plr_submit(sim_measurer(1e6)));
  CHECK(done["job"]["method"].asString() == "plr");
  const Json::Value& result = done["result"];
  REQUIRE(result["estimate"].isObject());
  const double lower = result["estimate"]["lower"].asDouble();
  // The sharp SUT drops nothing below 1 Mpps and a lot above: the critical load is near it.
  CHECK(lower > 3e5);
  CHECK(lower < 1.2e6);
  const auto shown = client.request("show", job_arguments(done["job"]["id"].asInt64()));
  REQUIRE(shown.result == ResultCode::success);
  INFO(shown.arguments.toStyledString());
  CHECK(shown.arguments["job"]["state"].asString() == "finished");
  CHECK(shown.arguments["bounds"].isNull());
  CHECK(shown.arguments["estimate"] == result["trials"][result["trials"].size() - 1]["estimate"]);
  CHECK(shown.arguments["trials"][0].isMember("estimate"));
}

}  // namespace trexsearch::servicetest
