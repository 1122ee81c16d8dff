// End to end: the daemon never opens a file a client names. A `trex` job's
// profile path is refused by the daemon (without opening it: a FIFO would block
// it); `trex-search submit` reads the file itself — regular files of at most
// 1 MiB — and sends the contents with `profile_source`, refusing a FIFO,
// /dev/zero, a directory or a bigger file at once, naming the path.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;

// A trex job file (port speed stated: submitting asks TRex nothing).
std::string job_file(const TempDir& dir, const std::string& profile) {
  Json::Value job(Json::objectValue);
  job["spec"] = two_goal_spec();
  job["measurer"]["kind"] = "trex";
  job["measurer"]["endpoint"] = "tcp://127.0.0.1:1";
  job["measurer"]["port_speed_gbps"] = 10.0;
  job["measurer"]["profile"] = profile;
  return dir.write("job-" + std::to_string(std::hash<std::string>{}(profile)) + ".json",
                   job.toStyledString());
}

}  // namespace

TEST_CASE("the daemon refuses a profile path without opening it") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  // Opening a FIFO nobody writes blocks: a reply at all shows it was not opened.
  const std::string fifo = dir.file("profile.fifo");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  ControlClient client(dir.file("control.sock"));
  for (const std::string& path : {fifo, std::string("/dev/zero"), example_profile_path()}) {
    CAPTURE(path);
    Json::Value submit(Json::objectValue);
    submit["spec"] = two_goal_spec();
    submit["measurer"]["kind"] = "trex";
    submit["measurer"]["port_speed_gbps"] = 10.0;
    submit["measurer"]["profile"] = path;
    const auto reply = client.request("submit", submit);
    CHECK(reply.result == ResultCode::bad_request);
    CHECK(reply.text.find("measurer.profile = \"" + path +
                          "\": the daemon does not read files named by clients") == 0);
  }
  CHECK(client.request("status").result == ResultCode::success);
}

TEST_CASE(
    "trex-search submit reads the profile itself and refuses what is not a small regular file") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  const std::string socket = dir.file("control.sock");
  const std::string fifo = dir.file("profile.fifo");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const std::string big = dir.file("big.json");
  {
    std::ofstream out(big);
    out << std::string((std::size_t{1} << 20) + 1, ' ');
  }
  const std::string not_json = dir.write("bad.json", "{\"ports\": ");
  struct Case {
    std::string path;
    std::string error;
  };
  const Case cases[] = {
      {fifo, "cannot read traffic profile " + fifo + ": a FIFO, a profile must be a regular file"},
      {"/dev/zero",
       "cannot read traffic profile /dev/zero: a character device, a profile must be a regular "
       "file"},
      {dir.path().string(), "cannot read traffic profile " + dir.path().string() +
                                ": a directory, a profile must be a regular file"},
      {big, "cannot read traffic profile " + big +
                ": larger than 1048576 bytes, the limit for a profile"},
      {dir.file("missing.json"),
       "cannot open traffic profile " + dir.file("missing.json") + ": No such file or directory"},
      {not_json, "traffic profile " + not_json},
  };
  for (const Case& item : cases) {
    CAPTURE(item.path);
    const CliRun run =
        run_cli(dir, {"submit", "--socket", socket, "--job-file", job_file(dir, item.path)});
    CHECK(run.exit_code == 2);
    CHECK(run.err.find("trex-search: error: " + item.error) == 0);
  }
  ControlClient client(socket);
  const auto listed = client.request("list");
  REQUIRE(listed.result == ResultCode::success);
  CHECK(listed.arguments["jobs"].size() == 0);  // nothing reached the daemon

  // A relative path is relative to where trex-search runs; the job keeps the
  // absolute path as its profile label and in its stored spec.
  std::filesystem::create_directories(dir.path() / "profiles");
  dir.write("profiles/mine.json", read_file(example_profile_path()));
  const CliRun ok = run_cli(
      dir, {"submit", "--socket", socket, "--job-file", job_file(dir, "profiles/mine.json")},
      dir.path().string());
  INFO(ok.err);
  REQUIRE(ok.exit_code == 0);
  const auto shown = client.request("show", job_arguments(1));
  REQUIRE(shown.result == ResultCode::success);
  const std::string absolute = dir.file("profiles/mine.json");
  CHECK(shown.arguments["job"]["profile"].asString() == absolute);
  CHECK(shown.arguments["spec"]["measurer"]["profile_source"].asString() == absolute);
  CHECK(shown.arguments["spec"]["measurer"]["profile"].isObject());
}

}  // namespace trexsearch::servicetest
