// End to end: the real trex-searchd binary driven over its control socket.
#include <doctest/doctest.h>

#include <algorithm>

#include <csignal>

#include "daemon/protocol/envelope.hpp"
#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;

}  // namespace

TEST_CASE("an MLR job on a simulated SUT runs to a regular result over the socket") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  ControlClient client(dir.file("control.sock"));

  const auto version = client.request("version");
  CHECK(version.result == ResultCode::success);
  CHECK(version.arguments["protocol"].asInt() == protocol::kProtocolVersion);

  auto submit_args = submit_arguments(two_goal_spec(), sim_measurer(1e6));
  submit_args["name"] = "sharp 1 Mpps";
  const auto submitted = client.request("submit", submit_args);
  REQUIRE(submitted.result == ResultCode::success);
  const std::int64_t job = submitted.arguments["job"].asInt64();
  CHECK(job == 1);

  const auto watch = client.request("watch", job_arguments(job), 7);
  REQUIRE(watch.result == ResultCode::success);
  if (!watch.arguments["ended"].asBool()) {
    const Json::Value ended = client.wait_event("job.ended");
    CHECK(ended["state"].asString() == "finished");
  }

  const auto result = client.request("result", job_arguments(job));
  REQUIRE(result.result == ResultCode::success);
  const Json::Value& search = result.arguments["result"];
  CHECK(search["stop_reason"].asString() == "completed");
  REQUIRE(search["goals"].size() == 2);
  for (const auto& goal : search["goals"]) {
    CHECK(goal["regular"].asBool());
    // A sharp SUT loses (L - C) / L at load L > C: the goal's true throughput is
    // C / (1 - loss ratio), and it lies between the relevant bounds.
    const double truth = 1e6 / (1.0 - goal["goal"]["loss_ratio"].asDouble());
    CHECK(goal["relevant_lower_bound"].asDouble() <= truth);
    CHECK(goal["relevant_upper_bound"].asDouble() > truth);
  }
  CHECK(search["trials"].size() == result.arguments["job"]["trial_count"].asUInt64());
  CHECK(result.arguments["job"]["name"].asString() == "sharp 1 Mpps");

  Json::Value show_args = job_arguments(job);
  const auto show = client.request("show", show_args);
  REQUIRE(show.result == ResultCode::success);
  CHECK(show.arguments["job"]["state"].asString() == "finished");
  CHECK(show.arguments["trials"].size() == search["trials"].size());
  CHECK(show.arguments["bounds"][0]["lower_bound"].asDouble() ==
        search["goals"][0]["relevant_lower_bound"].asDouble());
  // Trials keep the measurer's full outcome.
  CHECK(show.arguments["trials"][0]["offered_count"].isInt64());

  const auto list = client.request("list");
  REQUIRE(list.result == ResultCode::success);
  REQUIRE(list.arguments["jobs"].size() == 1);
  CHECK(list.arguments["jobs"][0]["state"].asString() == "finished");

  // Re-analysis with another goal uses the stored trials.
  Json::Value analyze_args = job_arguments(job);
  Json::Value goal(Json::objectValue);
  goal["loss_ratio"] = 0.5;
  analyze_args["goals"].append(goal);
  const auto analyzed = client.request("analyze", analyze_args);
  REQUIRE(analyzed.result == ResultCode::success);
  CHECK(analyzed.arguments["goals"].size() == 1);

  const auto status = client.request("status");
  CHECK(status.result == ResultCode::success);
  CHECK(status.arguments["queue"]["running"].isNull());
  CHECK(status.arguments["clients"]["connected"].asUInt64() == 1);

  daemon.send_signal(SIGTERM);
  CHECK(daemon.wait_exit() == 0);
  CHECK(daemon.notifications().wait_for("STOPPING=1", kDeadline));
  // Once: the signal handler and the end of the run both announce the stop.
  const auto messages = daemon.notifications().messages();
  CHECK(std::count_if(messages.begin(), messages.end(), [](const std::string& message) {
          return message.find("STOPPING=1") != std::string::npos;
        }) == 1);
}

TEST_CASE("a real-time sim job can be watched trial by trial and is stopped by cancel") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  ControlClient client(dir.file("control.sock"));
  Json::Value spec = two_goal_spec();
  spec["warmup_duration"] = 0.0;
  // One-second trials in real time: only the cancel below can end this job soon.
  const auto submitted =
      client.request("submit", submit_arguments(spec, sim_measurer(1e6, "real")));
  REQUIRE(submitted.result == ResultCode::success);
  const std::int64_t job = submitted.arguments["job"].asInt64();
  REQUIRE(client.request("watch", job_arguments(job), 3).result == ResultCode::success);
  const Json::Value trial = client.wait_trial(1);
  CHECK(trial["job"].asInt64() == job);
  CHECK(trial["goals"].size() == 2);

  ControlClient other(dir.file("control.sock"));
  const auto cancel = other.request("cancel", job_arguments(job));
  REQUIRE(cancel.result == ResultCode::success);
  CHECK(cancel.arguments["state"].asString() == "running");
  const Json::Value ended = client.wait_event("job.ended");
  CHECK(ended["state"].asString() == "cancelled");
  const auto show = other.request("show", job_arguments(job));
  CHECK(show.arguments["job"]["state"].asString() == "cancelled");
  CHECK(other.request("cancel", job_arguments(job)).result == ResultCode::conflict);
}

}  // namespace trexsearch::servicetest

namespace trexsearch::servicetest {

// A watcher that does not keep up with a virtual-time job (thousands of trials a
// second) used to be closed as too slow and never saw the end. Now trial events are
// skipped while it is behind, counted in the next event, and job.ended always comes.
TEST_CASE("a watcher that falls behind a fast job gets skipped trial events, not closed") {
  TempDir dir;
  DaemonProcess daemon(
      dir, daemon_args(dir, {"--output-timeout", "0.5", "--max-client-output-bytes", "65536"}));
  REQUIRE(daemon.wait_ready());
  INFO(daemon.log());
  // 2000 trials of 1 s on compressed time: thousands of trial events in seconds.
  Json::Value job = filling_plr_job();
  job["spec"]["time_budget"] = 2000.0;
  ControlClient prompt(dir.file("control.sock"));
  const auto submitted = prompt.request("submit", job);
  REQUIRE(submitted.result == ResultCode::success);
  const std::int64_t id = submitted.arguments["job"].asInt64();
  // The slow watcher asks and then reads nothing until the job is over.
  ControlClient slow(dir.file("control.sock"));
  REQUIRE(slow.send_raw("{\"id\": 1, \"command\": \"watch\", \"arguments\": {\"job\": " +
                        std::to_string(id) + "}}\n"));
  const auto watch = prompt.request("watch", job_arguments(id), 2);
  REQUIRE(watch.result == ResultCode::success);
  if (!watch.arguments["ended"].asBool()) {
    CHECK(prompt.wait_event("job.ended", milliseconds(120000))["state"].asString() == "finished");
  }
  std::uint64_t skipped = 0;
  std::size_t trial_events = 0;
  // Trials the slow watch gets no event for (on a loaded machine the job may have
  // started, or even ended, before the watch arrived): while the job runs, the
  // reply's progress counts exactly those (the job record's count, read from the
  // store a moment later, may already include a trial whose event follows); once it
  // has ended, every stored trial; while it is queued, none.
  std::size_t before_watch = 0;
  bool ended = false;
  while (const auto line = slow.read_line()) {
    const Json::Value message = parse_json(*line);
    if (message.isMember("result")) {
      const Json::Value& reply = message["arguments"];
      if (reply["ended"].asBool()) {
        before_watch = reply["job"]["trial_count"].asUInt64();
      } else if (reply["progress"].isObject()) {
        before_watch = reply["progress"]["trial_count"].asUInt64();
      }
      continue;
    }
    skipped += message["arguments"]["skipped_trial_events"].asUInt64();
    if (message["event"].asString() == "trial") ++trial_events;
    if (message["event"].asString() == "job.ended") {
      ended = true;
      break;
    }
  }
  CHECK(ended);  // before: closed as too slow (client.too_slow), no job.ended
  CHECK(skipped > 0);
  const std::size_t stored = prompt.request("show", job_arguments(id)).arguments["trials"].size();
  // Every trial is accounted for: before the watch, sent, or counted as skipped.
  CHECK(before_watch + trial_events + skipped == stored);
  CHECK(daemon.log().find("client.too_slow") == std::string::npos);
}

}  // namespace trexsearch::servicetest
