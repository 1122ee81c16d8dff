// End to end: a job store that fills up (max-store-mib; a full disk fails the
// same way) fails the running job cleanly; the daemon keeps answering, says so in
// `status`, refuses new jobs with the reason, and nothing stored is damaged.
#include <doctest/doctest.h>

#include <csignal>

#include "tests/daemon/support/service_test_support.hpp"
#include "tests/daemon/support/store_audit.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;

}  // namespace

TEST_CASE("a full job store fails the running job cleanly; deleting old jobs makes room") {
  TempDir dir;
  DaemonProcess daemon(dir, daemon_args(dir, {"--max-store-mib", "1"}));
  REQUIRE(daemon.wait_ready());
  ControlClient client(dir.file("control.sock"));
  const auto submitted = client.request("submit", filling_plr_job());
  REQUIRE(submitted.result == ResultCode::success);
  const std::int64_t job = submitted.arguments["job"].asInt64();
  const auto watch = client.request("watch", job_arguments(job), 2);
  REQUIRE(watch.result == ResultCode::success);
  REQUIRE_FALSE(watch.arguments["ended"].asBool());
  const Json::Value ended = client.wait_event("job.ended", milliseconds(120000));
  INFO(daemon.log());
  CHECK(ended["state"].asString() == "failed");
  const std::string reason = ended["reason"].asString();
  INFO(reason);
  CHECK(reason.find("cannot store trial ") == 0);
  CHECK(reason.find("max-store-mib or its file system is full") != std::string::npos);

  const auto status = client.request("status");
  REQUIRE(status.result == ResultCode::success);
  CHECK_FALSE(status.arguments["store"]["writable"].asBool());
  CHECK(status.arguments["store"]["max_bytes"].asUInt64() == 1048576);
  CHECK(status.text.find("the job store cannot be written") != std::string::npos);
  const CliRun cli = run_cli(dir, {"status", "--socket", dir.file("control.sock")});
  CHECK(cli.exit_code == 0);
  CHECK(cli.out.find("CANNOT BE WRITTEN") != std::string::npos);
  CHECK(daemon.log().find("store.write_failed") != std::string::npos);

  const auto show = client.request("show", job_arguments(job));
  REQUIRE(show.result == ResultCode::success);
  CHECK(show.arguments["job"]["state"].asString() == "failed");
  const std::size_t stored = show.arguments["trials"].size();
  CHECK(stored > 10);

  // The operator deletes the failed job: its pages are reused, new jobs run.
  const CliRun deleted =
      run_cli(dir, {"delete", std::to_string(job), "--socket", dir.file("control.sock")});
  CHECK(deleted.exit_code == 0);
  CHECK(deleted.out ==
        "job " + std::to_string(job) + " deleted with its " + std::to_string(stored) + " trials\n");
  CHECK(client.request("show", job_arguments(job)).result == ResultCode::not_found);
  Json::Value mlr(Json::objectValue);
  mlr["spec"] = two_goal_spec();
  mlr["measurer"] = sim_measurer(1e6);
  const auto next = client.request("submit", mlr);
  REQUIRE(next.result == ResultCode::success);
  const auto next_watch =
      client.request("watch", job_arguments(next.arguments["job"].asInt64()), 3);
  if (!next_watch.arguments["ended"].asBool()) {
    CHECK(client.wait_event("job.ended")["state"].asString() == "finished");
  }
  CHECK(client.request("status").arguments["store"]["writable"].asBool());

  daemon.send_signal(SIGTERM);
  CHECK(daemon.wait_exit() == 0);
  const StoreAudit audit = audit_store(dir.file("state/jobs.sqlite"));
  CHECK(audit.integrity == "ok");
  CHECK(audit.jobs == 1);
  CHECK(audit.jobs_with_gaps == 0);
  CHECK(audit.orphan_trials == 0);
}

}  // namespace trexsearch::servicetest
