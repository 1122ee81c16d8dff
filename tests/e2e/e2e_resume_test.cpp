#include <doctest/doctest.h>

#include <csignal>
#include <sstream>

#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;

std::vector<Json::Value> measured_requests(const std::string& log) {
  std::vector<Json::Value> requests;
  std::istringstream lines(read_file(log));
  std::string line;
  while (std::getline(lines, line)) requests.push_back(parse_json(line));
  return requests;
}

bool same_request(const Json::Value& request, const Json::Value& trial) {
  return request["load"].asDouble() == trial["load"].asDouble() &&
         request["duration"].asDouble() == trial["intended_duration"].asDouble();
}

// Runs the job to its end on a fresh daemon and returns the result's trials.
Json::Value finish_on_restarted_daemon(const TempDir& dir, std::int64_t job,
                                       std::size_t stored_before, std::string& daemon_log) {
  DaemonProcess second(dir, daemon_args(dir), "second");
  REQUIRE(second.wait_ready());
  ControlClient client(dir.file("control.sock"));
  const auto watch = client.request("watch", job_arguments(job), 2);
  REQUIRE(watch.result == ResultCode::success);
  CHECK(watch.arguments["job"]["trial_count"].asUInt64() >= stored_before);
  if (!watch.arguments["ended"].asBool()) {
    CHECK(client.wait_event("job.ended")["state"].asString() == "finished");
  }
  const auto result = client.request("result", job_arguments(job));
  REQUIRE(result.result == ResultCode::success);
  CHECK(result.arguments["job"]["state"].asString() == "finished");
  CHECK(result.arguments["job"]["run_count"].asInt() == 2);
  daemon_log = second.log();
  return result.arguments["result"]["trials"];
}

void check_numbered_once(const Json::Value& trials) {
  for (Json::ArrayIndex i = 0; i < trials.size(); ++i) {
    CHECK(trials[i]["number"].asUInt64() == i + 1);
  }
}

}  // namespace

TEST_CASE(
    "after SIGKILL mid-trial the restarted daemon resumes the job and measures no "
    "completed trial again") {
  TempDir dir;
  const std::string log = dir.file("measured.log");
  constexpr std::size_t kCompleted = 5;
  Json::Value submit(Json::objectValue);
  submit["spec"] = two_goal_spec();
  submit["measurer"] =
      fake_exec_measurer(1e6, {"--log", log, "--hang-at", std::to_string(kCompleted + 1),
                               "--disarm-file", dir.file("disarm")});
  std::int64_t job = 0;
  std::vector<Json::Value> stored_first;
  {
    DaemonProcess first(dir, daemon_args(dir), "first");
    REQUIRE(first.wait_ready());
    ControlClient client(dir.file("control.sock"));
    const auto submitted = client.request("submit", submit);
    REQUIRE(submitted.result == ResultCode::success);
    job = submitted.arguments["job"].asInt64();
    REQUIRE(client.request("watch", job_arguments(job), 2).result == ResultCode::success);
    // The trial event is sent after the trial is committed to the store.
    client.wait_trial_count(kCompleted);
    first.send_signal(SIGKILL);
    CHECK(first.wait_exit() == 128 + SIGKILL);
  }
  // From now on the measurer answers every trial.
  dir.write("disarm", "");
  const std::size_t measured_first = measured_requests(log).size();
  // Trials 1..5 done; the sixth may or may not have reached the measurer.
  CHECK((measured_first == kCompleted || measured_first == kCompleted + 1));

  std::string second_log;
  const Json::Value trials = finish_on_restarted_daemon(dir, job, kCompleted, second_log);
  REQUIRE(trials.size() > kCompleted);
  check_numbered_once(trials);
  CHECK(second_log.find("job.recovered job=1") != std::string::npos);
  CHECK(second_log.find("job.resumed job=1 replayed_trials=5") != std::string::npos);

  // Every trial the result has was measured exactly once, except the one the
  // kill interrupted (never completed, so measured again).
  const auto requests = measured_requests(log);
  REQUIRE(requests.size() == measured_first + trials.size() - kCompleted);
  for (std::size_t i = 0; i < kCompleted; ++i) {
    CHECK(same_request(requests[i], trials[static_cast<Json::ArrayIndex>(i)]));
  }
  for (std::size_t i = kCompleted; i < trials.size(); ++i) {
    CHECK(same_request(requests[measured_first + i - kCompleted],
                       trials[static_cast<Json::ArrayIndex>(i)]));
  }
}

TEST_CASE("SIGTERM interrupts the running job, exits 0, and the next start resumes it") {
  TempDir dir;
  const std::string log = dir.file("measured.log");
  Json::Value submit(Json::objectValue);
  submit["spec"] = two_goal_spec();
  submit["measurer"] = fake_exec_measurer(
      1e6, {"--log", log, "--hang-at", "3", "--disarm-file", dir.file("disarm")});
  std::int64_t job = 0;
  {
    DaemonProcess first(dir, daemon_args(dir), "first");
    REQUIRE(first.wait_ready());
    ControlClient client(dir.file("control.sock"));
    const auto submitted = client.request("submit", submit);
    REQUIRE(submitted.result == ResultCode::success);
    job = submitted.arguments["job"].asInt64();
    REQUIRE(client.request("watch", job_arguments(job), 2).result == ResultCode::success);
    client.wait_trial_count(2);
    first.send_signal(SIGTERM);
    CHECK(first.wait_exit() == 0);
    CHECK(first.notifications().wait_for("STOPPING=1", kDeadline));
    CHECK(first.log().find("job.interrupted job=1") != std::string::npos);
  }
  dir.write("disarm", "");
  const std::size_t measured_first = measured_requests(log).size();
  // Trials 1-2 done; the third may or may not have reached the measurer.
  CHECK((measured_first == 2 || measured_first == 3));
  std::string second_log;
  const Json::Value trials = finish_on_restarted_daemon(dir, job, 2, second_log);
  check_numbered_once(trials);
  CHECK(second_log.find("job.resumed job=1 replayed_trials=2") != std::string::npos);
  // Trials 1-2 measured once, the interrupted third at most twice, the rest once.
  CHECK(measured_requests(log).size() == measured_first + trials.size() - 2);
}

}  // namespace trexsearch::servicetest
