// Names reach every user's terminal (`trex-search list`) and the journal: they
// are refused at submission unless printable UTF-8, and the CLI escapes control
// characters in whatever the daemon sends (jobs stored before the check).
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <csignal>

#include "tests/daemon/support/service_test_support.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;

Json::Value submit_arguments() {
  Json::Value submit(Json::objectValue);
  submit["spec"] = two_goal_spec();
  submit["measurer"] = sim_measurer(1e6);
  return submit;
}

void set_job_name(const std::string& store_file, const std::string& name) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(store_file.c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* update = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "UPDATE jobs SET name = ? WHERE id = 1", -1, &update, nullptr) ==
          SQLITE_OK);
  sqlite3_bind_text(update, 1, name.data(), static_cast<int>(name.size()), SQLITE_TRANSIENT);
  CHECK(sqlite3_step(update) == SQLITE_DONE);
  sqlite3_finalize(update);
  sqlite3_close(db);
}

}  // namespace

TEST_CASE("names with control characters or invalid UTF-8 are refused, naming the field") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  ControlClient client(dir.file("control.sock"));

  Json::Value submit = submit_arguments();
  submit["name"] = "run\x1b[2J";
  auto reply = client.request("submit", submit);
  CHECK(reply.result == ResultCode::bad_request);
  CHECK(reply.text.find("name = \"run\\x1b[2J\"") == 0);
  CHECK(reply.text.find("U+001B") != std::string::npos);

  submit = submit_arguments();
  submit["spec"]["goals"][1]["name"] = "PDR\xFF";
  reply = client.request("submit", submit);
  CHECK(reply.result == ResultCode::bad_request);
  CHECK(reply.text.find("spec.goals[1].name") == 0);
  CHECK(reply.text.find("not valid UTF-8") != std::string::npos);

  submit = submit_arguments();
  submit["profile"] = "64B\r\nfake line";
  reply = client.request("submit", submit);
  CHECK(reply.result == ResultCode::bad_request);
  CHECK(reply.text.find("profile = ") == 0);

  submit = submit_arguments();
  submit["name"] = "Durchsatz \xE2\x80\x93 m\xC3\xBC";  // printable UTF-8 is fine
  CHECK(client.request("submit", submit).result == ResultCode::success);
}

TEST_CASE("the CLI escapes control characters it gets from the daemon") {
  TempDir dir;
  const std::string socket = dir.file("control.sock");
  {
    DaemonProcess daemon(dir, daemon_args(dir));
    REQUIRE(daemon.wait_ready());
    ControlClient client(socket);
    Json::Value submit = submit_arguments();
    submit["name"] = "plain";
    REQUIRE(client.request("submit", submit).result == ResultCode::success);
    REQUIRE(client.request("watch", job_arguments(1)).result == ResultCode::success);
    (void)client.wait_event("job.ended");
    daemon.send_signal(SIGTERM);
    REQUIRE(daemon.wait_exit() == 0);
  }
  // As an older version could have stored it: clear the screen, then a fake line.
  set_job_name(dir.file("state/jobs.sqlite"), "evil\x1b[2J\rjob 9 finished\xC2\x9B");
  DaemonProcess daemon(dir, daemon_args(dir), "daemon2");
  REQUIRE(daemon.wait_ready());
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{"list", "--socket", socket},
        std::vector<std::string>{"show", "1", "--no-trials", "--socket", socket},
        std::vector<std::string>{"result", "1", "--socket", socket}}) {
    const CliRun run = run_cli(dir, command);
    CAPTURE(run.out);
    CHECK(run.exit_code == 0);
    CHECK(run.out.find('\x1b') == std::string::npos);
    CHECK(run.out.find('\r') == std::string::npos);
    CHECK(run.out.find("\xC2\x9B") == std::string::npos);
    if (command[0] != "result")
      CHECK(run.out.find("evil\\x1b[2J\\x0djob 9 finished\\u009b") != std::string::npos);
  }
}

}  // namespace trexsearch::servicetest
