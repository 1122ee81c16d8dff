// Every daemon command of trex-search under --json, on success and on failure:
// stdout is JSON a script can read (one document, or JSON lines for watch), and a
// failure is the documented error object whose exit_code is the process's
// (docs/cli.md "Exit codes").
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

// The JSON lines of `watch --json`: each an object with type, job and arguments.
std::vector<Json::Value> json_lines(const std::string& out) {
  std::vector<Json::Value> lines;
  std::istringstream stream(out);
  for (std::string line; std::getline(stream, line);) lines.push_back(parse_json(line));
  return lines;
}

// A failure under --json: stdout is exactly one error object naming the exit code.
void check_json_failure(const CliRun& run, int exit_code) {
  CHECK(run.exit_code == exit_code);
  const Json::Value error = parse_json(run.out)["error"];
  REQUIRE(error.isObject());
  CHECK(error["exit_code"].asInt() == exit_code);
  CHECK_FALSE(error["code"].asString().empty());
  CHECK_FALSE(error["message"].asString().empty());
}

}  // namespace

TEST_CASE("every daemon command's --json output is JSON, its failures the error object") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  const std::string socket = dir.file("control.sock");
  const std::string spec =
      dir.write("spec.json", R"({"goals": [{"name": "NDR"}, {"name": "PDR", "loss_ratio": 0.005}],
                       "min_load": 10000, "max_load": 2e6})");
  const auto cli = [&](std::vector<std::string> args) {
    args.insert(args.end(), {"--socket", socket, "--json"});
    return run_cli(dir, args);
  };

  // submit --watch --json: job.submitted, watch.started, the events, watch.ended.
  const CliRun submitted = cli({"submit", "--spec", spec, "--sut", "sharp", "--sut-option",
                                "capacity_pps=1e6", "--name", "demo", "--watch"});
  REQUIRE(submitted.exit_code == 0);
  const std::vector<Json::Value> stream = json_lines(submitted.out);
  REQUIRE(stream.size() >= 3);
  CHECK(stream.front()["type"].asString() == "job.submitted");
  CHECK(stream.back()["type"].asString() == "watch.ended");
  CHECK(stream.back()["arguments"]["exit_code"].asInt() == 0);
  for (const Json::Value& line : stream) {
    CHECK(line["job"].asInt64() == 1);
    CHECK(line.isMember("arguments"));
  }

  // The one-document commands.
  CHECK(parse_json(cli({"status"}).out)["daemon"].isObject());
  CHECK(parse_json(cli({"list"}).out)["jobs"].size() == 1);
  CHECK(parse_json(cli({"show", "1"}).out)["job"]["name"].asString() == "demo");
  CHECK(parse_json(cli({"result", "1"}).out)["result"]["goals"].size() == 2);
  CHECK(parse_json(cli({"reanalyze", "1"}).out)["goals"].size() == 2);
  CHECK(parse_json(cli({"compare", "1", "1"}).out).isObject());
  CHECK(parse_json(cli({"trend", "demo"}).out).isObject());
  // Without --watch, submit's reply is one document (watched here so that the job
  // has ended before it is deleted below).
  const CliRun second = cli({"submit", "--spec", spec, "--sut", "sharp", "--sut-option",
                             "capacity_pps=1e6", "--name", "second"});
  REQUIRE(second.exit_code == 0);
  CHECK(parse_json(second.out)["job"].asInt64() == 2);
  CHECK(json_lines(cli({"watch", "2"}).out).back()["arguments"]["exit_code"].asInt() == 0);

  // watch of an ended job: watch.started, then watch.ended with the exit code.
  const std::vector<Json::Value> watched = json_lines(cli({"watch", "1"}).out);
  REQUIRE(watched.size() == 2);
  CHECK(watched.front()["type"].asString() == "watch.started");
  CHECK(watched.back()["type"].asString() == "watch.ended");

  // Failures: no such job (4), an ended job cannot be cancelled (4), bad usage (2),
  // a name nothing matches (2), no daemon (1).
  for (const std::vector<std::string>& missing :
       std::vector<std::vector<std::string>>{{"show", "42"},
                                             {"result", "42"},
                                             {"cancel", "42"},
                                             {"delete", "42"},
                                             {"watch", "42"},
                                             {"reanalyze", "42"},
                                             {"compare", "1", "42"}}) {
    CAPTURE(missing.front());
    check_json_failure(cli(missing), 4);
  }
  check_json_failure(cli({"cancel", "1"}), 4);
  check_json_failure(cli({"show"}), 2);
  check_json_failure(cli({"list", "--state", "sleeping"}), 2);
  check_json_failure(cli({"trend", "nothing-by-that-name"}), 2);
  check_json_failure(run_cli(dir, {"status", "--socket", dir.file("none.sock"), "--json"}), 1);

  // delete last: the job it removes is gone from list.
  CHECK(parse_json(cli({"delete", "2"}).out)["job"].asInt64() == 2);
  CHECK(parse_json(cli({"list"}).out)["jobs"].size() == 1);
}

}  // namespace trexsearch::servicetest
