// `trex-search status` and `list` as people read them, from the typed replies.
#include "daemon/cli/replies/status_format.hpp"

#include <doctest/doctest.h>

#include "daemon/cli/replies/job_list_format.hpp"

namespace trexsearch::cli {
namespace {

using protocol::StatusReply;

StatusReply busy_status() {
  StatusReply status;
  status.daemon = {"0.1.0", 4242, "2026-11-25T08:00:00.000Z", 3600.4, "/s", "/d"};
  status.trex = StatusReply::TrexLink{
      "reconnecting", false,        "tcp://127.0.0.1:4501", "2026-11-25T08:30:00.000Z",
      "v3.08",        std::nullopt, "TRex went away",       2};
  StatusReply::RunningJob running;
  running.id = 12;
  running.name = "nightly";
  running.method = "mlr";
  running.measurer = "trex";
  running.cancel_requested = true;
  running.progress.trial_count = 3;
  running.progress.goals.push_back({"NDR", 1000000.0, std::nullopt, 1, false});
  protocol::TrialRecord last;
  last.started_at_s = 10.0;
  last.effective_duration_s = 1.5;
  last.intended_duration_s = 1.0;
  running.progress.last_trial = last;
  running.progress.search_time_limit_s = 600.0;
  status.queue = {running, {}, {13, 14}, 64};  // a daemon before testbeds: no running_jobs
  status.store =
      StatusReply::Store{"/d/jobs.sqlite", 3 * 1048576, 100 * 1048576, false,
                         4 * 1048576,      false,       "disk full",   "2026-11-25T08:59:00.000Z"};
  status.clients = StatusReply::Clients{2, 128, 32, 0, 1048576, 0};
  return status;
}

}  // namespace

TEST_CASE("status: the running job with its bounds, the queue, a store that cannot be written") {
  CHECK(format_status(busy_status()) ==
        "trex-searchd 0.1.0, pid 4242, up 3600 s\n"
        "TRex: reconnecting to tcp://127.0.0.1:4501 (TRex v3.08) since 2026-11-25T08:30:00.000Z\n"
        "  last error: TRex went away\n"
        "  reconnections after TRex restarts or lost connections: 2\n"
        "running: job 12 (mlr, trex) nightly, trial 3, cancelling\n"
        "  NDR [1000000.0, -] (target 1); search time 11.5 of 600 s\n"
        "queued: 2 (jobs 13 14)\n"
        "store: /d/jobs.sqlite, 3.0 MiB of 100 MiB\n"
        "  CANNOT BE WRITTEN since 2026-11-25T08:59:00.000Z: disk full\n"
        "  its 4 MiB reserve is not in place (file system full?): free space, or delete old "
        "jobs\n"
        "clients: 2 of 128\n");
}

TEST_CASE("status: an idle daemon without TRex, store or clients") {
  StatusReply idle;
  idle.daemon = {"0.1.0", 7, "2026-11-25T08:00:00.000Z", 0.4, "/s", "/d"};
  CHECK(format_status(idle) ==
        "trex-searchd 0.1.0, pid 7, up 0 s\nTRex: not configured\nrunning: nothing\nqueued: 0\n");
  idle.trex = StatusReply::TrexLink{"idle",         false,
                                    "tcp://t:4501", "2026-11-25T08:00:00.000Z",
                                    std::nullopt,   "2026-11-25T07:00:00.000Z",
                                    std::nullopt,   0};
  CHECK(format_status(idle).find("TRex: idle (endpoint tcp://t:4501; connects when a trex job "
                                 "runs), last contact 2026-11-25T07:00:00.000Z\n") !=
        std::string::npos);
}

TEST_CASE("status: every running job with its testbed") {
  StatusReply status = busy_status();
  StatusReply::RunningJob first = *status.queue.running;
  first.lane = "testbed lab-a";
  first.cancel_requested = false;
  StatusReply::RunningJob second = first;
  second.id = 15;
  second.name = "other";
  second.lane = "testbed lab-b";
  status.queue.running_jobs = {first, second};
  const std::string text = format_status(status);
  CHECK(text.find("running: job 12 (mlr, trex, testbed lab-a) nightly, trial 3\n") !=
        std::string::npos);
  CHECK(text.find("running: job 15 (mlr, trex, testbed lab-b) other, trial 3\n") !=
        std::string::npos);
  status.testbeds = {{"lab-a", "tcp://h:4501", "0,1", 12, {13, 14}},
                     {"lab-c", "tcp://h:4521", "2,3", std::nullopt, {}}};
  const std::string with_testbeds = format_status(status);
  CHECK(with_testbeds.find("queued: 2 (jobs 13 14)\n"
                           "testbed lab-a (tcp://h:4501, ports 0,1): job 12; queued 13 14\n"
                           "testbed lab-c (tcp://h:4521, ports 2,3): idle\n") != std::string::npos);
}

TEST_CASE("list: one row per job") {
  protocol::JobSummary job;
  job.id = 7;
  job.name = "nightly";
  job.method = "plr";
  job.measurer = "sim";
  job.state = protocol::JobState::finished;
  job.created_at = "2026-11-25T08:00:00.000Z";
  job.trial_count = 41;
  CHECK(format_job_list({job}) ==
        "ID     STATE       METHOD MEASURER TRIALS CREATED                  NAME\n"
        "7      finished    plr    sim      41     2026-11-25T08:00:00.000Z nightly\n");
}

}  // namespace trexsearch::cli
