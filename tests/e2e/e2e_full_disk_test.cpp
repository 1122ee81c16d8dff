// End to end on a really full file system (issue #13 finding 5): a small tmpfs
// holds the state directory. The max-store-mib cap (e2e_store_full_test.cpp) fails
// writes the same way but leaves the disk room for SQLite's log, so it cannot show
// what only a full disk does: the end state, delete and a restart all need new
// pages. Mounting needs CAP_SYS_ADMIN; without it the test says so and skips.
#include <doctest/doctest.h>

#include <sys/mount.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fstream>

#include "tests/daemon/support/service_test_support.hpp"
#include "tests/daemon/support/store_audit.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;

/// A tmpfs of `mib` MiB on `dir`, unmounted when destroyed.
class SmallFileSystem {
 public:
  SmallFileSystem(const std::string& dir, int mib) : dir_(dir) {
    std::filesystem::create_directories(dir);
    const std::string options = "size=" + std::to_string(mib) + "m,mode=0755";
    if (::mount("tmpfs", dir.c_str(), "tmpfs", 0, options.c_str()) == 0) {
      mounted_ = true;
    } else {
      problem_ = std::strerror(errno);
    }
  }
  ~SmallFileSystem() {
    if (mounted_) ::umount2(dir_.c_str(), MNT_DETACH);
  }
  SmallFileSystem(const SmallFileSystem&) = delete;
  SmallFileSystem& operator=(const SmallFileSystem&) = delete;

  bool mounted() const { return mounted_; }
  const std::string& problem() const { return problem_; }

  /// Writes a file of zeros until the file system refuses more.
  void fill(const std::string& name) const {
    std::ofstream filler(dir_ + "/" + name, std::ios::binary);
    const std::string block(64 * 1024, '\0');
    while (filler.write(block.data(), static_cast<std::streamsize>(block.size()))) {
      filler.flush();
    }
  }

 private:
  std::string dir_;
  bool mounted_ = false;
  std::string problem_;
};

std::int64_t submit_and_wait_end(ControlClient& client, const Json::Value& job,
                                 Json::Value& ended) {
  const auto submitted = client.request("submit", job);
  REQUIRE(submitted.result == ResultCode::success);
  const std::int64_t id = submitted.arguments["job"].asInt64();
  const auto watch = client.request("watch", job_arguments(id), 2);
  REQUIRE(watch.result == ResultCode::success);
  if (watch.arguments["ended"].asBool()) {
    ended = watch.arguments;
  } else {
    ended = client.wait_event("job.ended", milliseconds(120000));
  }
  return id;
}

}  // namespace

TEST_CASE("a full file system fails the job with a reason; status, delete and a restart work") {
  TempDir dir;
  SmallFileSystem disk(dir.file("state"), 6);
  if (!disk.mounted()) {
    MESSAGE("skipped: cannot mount a tmpfs here (" << disk.problem() << ")");
    return;
  }
  const auto args = daemon_args(dir, {"--store-reserve-mib", "1"});
  Json::Value ended;
  std::int64_t job = 0;
  {
    DaemonProcess daemon(dir, args);
    REQUIRE(daemon.wait_ready());
    ControlClient client(dir.file("control.sock"));
    INFO(daemon.log());
    // 6 MiB: the first job fills the disk (no max-store-mib cap).
    job = submit_and_wait_end(client, filling_plr_job(), ended);
    CHECK(ended["state"].asString() == "failed");
    const std::string reason = ended["reason"].asString();
    INFO(reason);
    CHECK(reason.find("database or disk is full") != std::string::npos);
    // The end state reached the store (with the reserve given back), so the job does
    // not look running to anyone.
    const auto show = client.request("show", job_arguments(job));
    REQUIRE(show.result == ResultCode::success);
    CHECK(show.arguments["job"]["state"].asString() == "failed");
    const std::size_t stored = show.arguments["trials"].size();
    CHECK(stored > 100);
    CHECK(daemon.log().find("store.reserve_released") != std::string::npos);
    const auto status = client.request("status");
    REQUIRE(status.result == ResultCode::success);
    CHECK_FALSE(status.arguments["store"]["writable"].asBool());

    // Deleting makes room even though one transaction for all trials would not fit.
    const CliRun deleted =
        run_cli(dir, {"delete", std::to_string(job), "--socket", dir.file("control.sock")});
    CHECK(deleted.exit_code == 0);
    CHECK(deleted.out == "job " + std::to_string(job) + " deleted with its " +
                             std::to_string(stored) + " trials\n");
    CHECK(client.request("status").arguments["store"]["writable"].asBool());

    // A job runs on real time; the daemon dies under it, and meanwhile the disk
    // fills up with something else.
    Json::Value slow(Json::objectValue);
    slow["spec"] = two_goal_spec();
    slow["measurer"] = sim_measurer(1e6);
    slow["measurer"]["time"] = "real";
    const auto submitted = client.request("submit", slow);
    REQUIRE(submitted.result == ResultCode::success);
    job = submitted.arguments["job"].asInt64();
    REQUIRE(client.request("watch", job_arguments(job), 2).result == ResultCode::success);
    client.wait_trial_count(1);
    daemon.send_signal(SIGKILL);
    CHECK(daemon.wait_exit() == 128 + SIGKILL);
    disk.fill("filler");
  }
  // A restart on a full disk: the daemon starts (its start-up writes may fail),
  // answers, and the resumed job can be cancelled; new jobs get a clear error or run.
  DaemonProcess daemon(dir, args, "restarted");
  REQUIRE(daemon.wait_ready());
  INFO(daemon.log());
  ControlClient client(dir.file("control.sock"));
  REQUIRE(client.request("status").result == ResultCode::success);
  const auto watch = client.request("watch", job_arguments(job), 2);
  REQUIRE(watch.result == ResultCode::success);
  if (!watch.arguments["ended"].asBool()) {
    const auto cancelled = client.request("cancel", job_arguments(job));
    CHECK((cancelled.result == ResultCode::success || cancelled.result == ResultCode::conflict));
    const std::string end_state = client.wait_event("job.ended")["state"].asString();
    CHECK((end_state == "cancelled" || end_state == "failed"));
  }
  Json::Value mlr(Json::objectValue);
  mlr["spec"] = two_goal_spec();
  mlr["measurer"] = sim_measurer(1e6);
  const auto next = client.request("submit", mlr);
  if (next.result == ResultCode::error) {
    CHECK(next.text.find("full") != std::string::npos);
    CHECK_FALSE(client.request("status").arguments["store"]["writable"].asBool());
  } else {
    CHECK(next.result == ResultCode::success);
  }
  std::filesystem::remove(dir.file("state/filler"));
  daemon.send_signal(SIGTERM);
  CHECK(daemon.wait_exit() == 0);
  const StoreAudit audit = audit_store(dir.file("state/jobs.sqlite"));
  CHECK(audit.integrity == "ok");
  CHECK(audit.jobs_with_gaps == 0);
  CHECK(audit.orphan_trials == 0);
}

}  // namespace trexsearch::servicetest
