// The fault-injection soak (issue #7): a PLRsearch job and a queue of MLRsearch
// jobs run against trex-emulator in compressed time while the daemon is SIGKILLed
// and restarted, the emulator restarts, TRex replies are dropped, slowed and
// corrupted, and many clients send malformed and oversized requests. Small numbers
// here (part of the test suite); scripts/stress/fault-soak.sh runs the same test with the
// issue's numbers through the TREX_SEARCH_SOAK_* variables.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>

#include "tests/daemon/support/chaos_clients.hpp"
#include "tests/daemon/support/emulator_process.hpp"
#include "tests/daemon/support/restarting_daemon.hpp"
#include "tests/daemon/support/service_test_support.hpp"
#include "tests/daemon/support/store_audit.hpp"

namespace trexsearch::servicetest {
namespace {

using protocol::ResultCode;

int env_int(const char* name, int fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? std::atoi(value) : fallback;
}

struct SoakPlan {
  int daemon_kills = env_int("TREX_SEARCH_SOAK_KILLS", 4);
  int emulator_restarts = env_int("TREX_SEARCH_SOAK_EMULATOR_RESTARTS", 2);
  int dropped_replies = env_int("TREX_SEARCH_SOAK_DROPPED_REPLIES", 1);
  int slow_replies = env_int("TREX_SEARCH_SOAK_SLOW_REPLIES", 1);
  int corrupt_replies = env_int("TREX_SEARCH_SOAK_CORRUPT_REPLIES", 1);
  int busy_bursts = env_int("TREX_SEARCH_SOAK_BUSY_BURSTS", 1);
  int chaos_clients = env_int("TREX_SEARCH_SOAK_CLIENTS", 8);
  int mlr_jobs = env_int("TREX_SEARCH_SOAK_MLR_JOBS", 2);
  /// The PLR job's time budget in TRex time [s] (the emulator runs 500x faster).
  int plr_budget_s = env_int("TREX_SEARCH_SOAK_PLR_BUDGET", 1200);
  std::uint64_t seed = static_cast<std::uint64_t>(env_int("TREX_SEARCH_SOAK_SEED", 1));
  /// Faults come after 1..N new trials (random): spread over the PLR and MLR jobs.
  int trials_between_faults = env_int("TREX_SEARCH_SOAK_TRIALS_BETWEEN_FAULTS", 2);
};

constexpr double kSpeed = 500.0;

// gcc says so with __SANITIZE_*__, clang with __has_feature.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif
constexpr std::size_t kMaxRequestBytes = 65536;

std::vector<std::string> emulator_args() {
  return {"--sut", "soak", "--sut-option", "capacity_pps=1e6", "--speed", "500", "--seed", "7"};
}

Json::Value trex_measurer(const std::string& endpoint) {
  Json::Value measurer(Json::objectValue);
  measurer["kind"] = "trex";
  measurer["endpoint"] = endpoint;
  set_inline_profile(measurer, example_profile_path());
  measurer["speed"] = kSpeed;
  measurer["reconnect_grace"] = 30.0;
  // 0.5 s of real time is 250 s of the emulator's: a dropped reply should cost a
  // soak minutes of its budget, not the 25 of the default 3 s.
  measurer["rpc_timeout"] = 0.5;
  return measurer;
}

Json::Value plr_job(const std::string& endpoint, const SoakPlan& plan) {
  Json::Value job(Json::objectValue);
  job["name"] = "soak";
  job["method"] = "plr";
  job["spec"]["target_loss_ratio"] = 1e-7;
  job["spec"]["min_load"] = 10000.0;
  job["spec"]["max_load"] = 2e6;
  job["spec"]["trial_duration_first"] = 1.0;
  job["spec"]["trial_duration_increment"] = 1.0;
  job["spec"]["time_budget"] = plan.plr_budget_s;
  job["spec"]["samples_per_trial"] = 2000;
  job["spec"]["seed"] = 3;
  // Downtime while the daemon is being restarted is not the soak's time.
  job["plr_resume"] = "remaining";
  job["measurer"] = trex_measurer(endpoint);
  return job;
}

Json::Value mlr_job(const std::string& endpoint, int index) {
  Json::Value job(Json::objectValue);
  job["name"] = "ndr-pdr-" + std::to_string(index);
  job["spec"] = two_goal_spec(10000.0, 2e6);
  job["measurer"] = trex_measurer(endpoint);
  return job;
}

Json::Value show_arguments(std::int64_t job, bool trials) {
  Json::Value arguments = servicetest::job_arguments(job);
  arguments["trials"] = trials;
  return arguments;
}

struct RunningJob {
  std::int64_t id = 0;
  std::uint64_t trial_count = 0;
};

// The running job and its trial count; nullopt when nothing runs.
std::optional<RunningJob> running_job(ControlClient& client) {
  const auto status = client.request("status");
  REQUIRE(status.result == ResultCode::success);
  const Json::Value& running = status.arguments["queue"]["running"];
  if (!running.isObject()) return std::nullopt;
  return RunningJob{running["id"].asInt64(), running["progress"]["trial_count"].asUInt64()};
}

std::size_t queued_jobs(ControlClient& client) {
  return client.request("status").arguments["queue"]["queued_count"].asUInt();
}

// Polls until every job has ended (none queued, running or interrupted).
bool wait_all_ended(const std::string& socket, milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  ControlClient client(socket);
  while (std::chrono::steady_clock::now() < deadline) {
    const auto status = client.request("status");
    if (!status.arguments["queue"]["running"].isObject() &&
        status.arguments["queue"]["queued_count"].asUInt() == 0) {
      return true;
    }
    (void)client.read_line(milliseconds(20));  // paces the poll; no reply is expected
  }
  return false;
}

struct PlrEstimate {
  double average = 0.0;
  double stdev = 0.0;
  std::size_t trials = 0;
};

PlrEstimate plr_estimate(ControlClient& client, std::int64_t job) {
  const auto result = client.request("result", job_arguments(job));
  REQUIRE(result.result == ResultCode::success);
  const Json::Value& plr = result.arguments["result"];
  return {plr["estimate"]["average"].asDouble(), plr["estimate"]["stdev"].asDouble(),
          plr["trials"].size()};
}

// The fault-free run of the same PLR job: same emulator seed, same spec.
PlrEstimate reference_plr(const SoakPlan& plan) {
  TempDir dir;
  EmulatorProcess emulator(dir.file("emulator.log"), emulator_args());
  DaemonProcess daemon(dir, daemon_args(dir));
  REQUIRE(daemon.wait_ready());
  ControlClient client(dir.file("control.sock"));
  const auto submitted = client.request("submit", plr_job(emulator.rpc_endpoint(), plan));
  REQUIRE(submitted.result == ResultCode::success);
  const std::int64_t job = submitted.arguments["job"].asInt64();
  const auto watch = client.request("watch", job_arguments(job), 2);
  if (!watch.arguments["ended"].asBool()) {
    REQUIRE(client.wait_event("job.ended", milliseconds(120000))["state"].asString() == "finished");
  }
  return plr_estimate(client, job);
}

enum class Fault { kill_daemon, restart_emulator, drop_reply, slow_replies, corrupt_reply, busy };

}  // namespace

TEST_CASE("fault-injection soak: kills, TRex restarts and faults, bad clients; nothing lost") {
  const SoakPlan plan;
  const PlrEstimate reference = reference_plr(plan);

  TempDir dir;
  const std::string socket = dir.file("control.sock");
  EmulatorProcess emulator(dir.file("emulator.log"), emulator_args());
  const std::string endpoint = emulator.rpc_endpoint();
  RestartingDaemon daemon(dir, {"--max-request-bytes", std::to_string(kMaxRequestBytes)});
  std::vector<std::int64_t> jobs;
  {
    ControlClient client(socket);
    const auto plr = client.request("submit", plr_job(endpoint, plan));
    REQUIRE(plr.result == ResultCode::success);
    jobs.push_back(plr.arguments["job"].asInt64());
    for (int i = 0; i < plan.mlr_jobs; ++i) {
      const auto mlr = client.request("submit", mlr_job(endpoint, i));
      REQUIRE(mlr.result == ResultCode::success);
      jobs.push_back(mlr.arguments["job"].asInt64());
    }
  }
  const std::int64_t plr_id = jobs.front();

  std::vector<Fault> faults;
  faults.insert(faults.end(), static_cast<std::size_t>(plan.daemon_kills), Fault::kill_daemon);
  faults.insert(faults.end(), static_cast<std::size_t>(plan.emulator_restarts),
                Fault::restart_emulator);
  faults.insert(faults.end(), static_cast<std::size_t>(plan.dropped_replies), Fault::drop_reply);
  faults.insert(faults.end(), static_cast<std::size_t>(plan.slow_replies), Fault::slow_replies);
  faults.insert(faults.end(), static_cast<std::size_t>(plan.corrupt_replies), Fault::corrupt_reply);
  faults.insert(faults.end(), static_cast<std::size_t>(plan.busy_bursts), Fault::busy);
  std::mt19937_64 random(plan.seed);
  std::shuffle(faults.begin(), faults.end(), random);

  // What the daemon showed of each job before each kill: it must all still be
  // stored, unchanged, at the end (a lost trial would be missing or different).
  std::map<std::int64_t, std::vector<Json::Value>> seen_trials;
  int kills = 0;
  int kills_during_plr = 0;
  int restarts = 0;
  int reply_faults = 0;
  int extra_jobs = 0;
  auto chaos = std::make_unique<ChaosClients>(socket, plan.chaos_clients, kMaxRequestBytes + 1024,
                                              plan.seed);
  const auto soak_start = std::chrono::steady_clock::now();
  for (const Fault fault : faults) {
    // Each fault waits for a new stored trial of a running job: faults land
    // mid-job, at a different point each time. An empty queue gets another job.
    {
      ControlClient client(socket);
      const auto deadline = std::chrono::steady_clock::now() + milliseconds(60000);
      std::optional<RunningJob> before = running_job(client);
      const std::uint64_t wait_trials =
          1 + random() % static_cast<std::uint64_t>(std::max(1, plan.trials_between_faults));
      for (;;) {
        REQUIRE_MESSAGE(std::chrono::steady_clock::now() < deadline, daemon.logs());
        const std::optional<RunningJob> now = running_job(client);
        if (!now && queued_jobs(client) == 0) {
          const auto more = client.request("submit", mlr_job(endpoint, 100 + extra_jobs++));
          REQUIRE(more.result == ResultCode::success);
          jobs.push_back(more.arguments["job"].asInt64());
          continue;
        }
        if (now && (!before || now->id != before->id ||
                    now->trial_count >= before->trial_count + wait_trials)) {
          if (fault == Fault::kill_daemon) {
            const auto show = client.request("show", job_arguments(now->id));
            REQUIRE(show.result == ResultCode::success);
            seen_trials[now->id].push_back(show.arguments["trials"]);
            if (now->id == plr_id) ++kills_during_plr;
          }
          break;
        }
        if (!before) before = now;
        (void)client.read_line(milliseconds(2 + random() % 20));  // pacing
      }
    }
    switch (fault) {
      case Fault::kill_daemon:
        daemon.kill_and_restart();
        ++kills;
        break;
      case Fault::restart_emulator:
        emulator.send_signal(SIGHUP);
        REQUIRE(emulator.read_line(kDeadline) == "restarted");
        ++restarts;
        break;
      case Fault::drop_reply:
        emulator.control(R"({"drop_replies": 1})");
        ++reply_faults;
        break;
      case Fault::slow_replies:
        emulator.control(R"({"slow_replies": 3, "slow_reply_ms": 100})");
        ++reply_faults;
        break;
      case Fault::corrupt_reply:
        emulator.control(R"({"malformed_replies": 1})");
        ++reply_faults;
        break;
      case Fault::busy:
        // TRex's -32001 "Try again later" for the next 3 queries.
        emulator.control(R"({"busy_commands": 3})");
        ++reply_faults;
        break;
    }
  }
  const long final_start_rss = rss_kib(daemon.process().pid());
  INFO(daemon.logs());
  REQUIRE(wait_all_ended(socket, milliseconds(300000)));
  const ChaosCounts chaos_counts = chaos->stop();
  const double soak_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - soak_start).count();
  const long final_end_rss = rss_kib(daemon.process().pid());

  // Every job finished, or failed with a reason; everything seen is still stored.
  ControlClient client(socket);
  int finished = 0;
  int failed = 0;
  std::uint64_t trials_checked = 0;
  for (const std::int64_t id : jobs) {
    const auto show = client.request("show", job_arguments(id));
    REQUIRE(show.result == ResultCode::success);
    const std::string state = show.arguments["job"]["state"].asString();
    CAPTURE(id);
    CAPTURE(state);
    CHECK((state == "finished" || state == "failed"));
    if (state == "finished") ++finished;
    if (state == "failed") {
      ++failed;
      CHECK_FALSE(show.arguments["job"]["reason"].asString().empty());
    }
    const Json::Value& stored = show.arguments["trials"];
    for (Json::ArrayIndex i = 0; i < stored.size(); ++i) {
      CHECK(stored[i]["number"].asUInt64() == i + 1);
    }
    for (const Json::Value& seen : seen_trials[id]) {
      REQUIRE(seen.size() <= stored.size());
      for (Json::ArrayIndex i = 0; i < seen.size(); ++i) {
        CHECK(seen[i] == stored[i]);
        ++trials_checked;
      }
    }
  }
  const PlrEstimate soaked = plr_estimate(client, plr_id);
  const auto plr_show = client.request("show", show_arguments(plr_id, false));
  const std::uint64_t plr_runs = plr_show.arguments["job"]["run_count"].asUInt64();

  daemon.process().send_signal(SIGTERM);
  CHECK(daemon.process().wait_exit() == 0);
  const StoreAudit audit = audit_store(dir.file("state/jobs.sqlite"));
  CHECK(audit.integrity == "ok");
  CHECK(audit.jobs_with_gaps == 0);
  CHECK(audit.duplicate_trials == 0);
  CHECK(audit.orphan_trials == 0);
  CHECK(audit.jobs == jobs.size());

  CHECK(kills == plan.daemon_kills);
  CHECK(restarts == plan.emulator_restarts);
  CHECK(chaos_counts.protocol_violations == 0);
  CHECK(chaos_counts.wrong_verdicts == 0);
  CHECK(chaos_counts.answered > 0);
  CHECK(failed == 0);

  // RSS is flat: the instance that saw the last faults and ran the queue to its end
  // did not grow with the requests and trials (sanitizers' quarantines do grow).
  if (!kSanitized) CHECK(final_end_rss < final_start_rss + 8 * 1024);

  // The soak's estimate agrees with the fault-free run's. Faults change which random
  // numbers the emulated SUT draws for which trial (a repeated trial, the measurer's
  // prime run after each TRex restart, a restarted emulator's fresh models), so the
  // two are independent estimates of one critical load: their difference is judged
  // against the stdev of a difference, sqrt(s1^2 + s2^2), at 3 sigma (one run in
  // about 400 fails by chance; a soak that lost or doubled trials is off by far more).
  const double difference = std::abs(soaked.average - reference.average);
  const double stdev = std::hypot(soaked.stdev, reference.stdev);
  CHECK(difference <= 3.0 * stdev);

  const auto& ready = daemon.rss_ready_kib();
  const auto& before_kill = daemon.rss_before_kill_kib();
  std::printf(
      "fault soak: %.1f s; %d daemon SIGKILLs (%d during the PLR job), %d emulator restarts, %d "
      "TRex reply faults "
      "(dropped %d, slow %d, malformed %d, busy %d)\n"
      "  jobs: %zu (%d finished, %d failed); store: %llu trials, %llu seen before kills all still "
      "stored unchanged, "
      "%llu duplicated, %llu jobs with gaps, integrity_check %s\n"
      "  chaos clients: %d, %llu requests, %llu answered (%llu errors), %llu cut short by us, "
      "%llu unanswered (daemon killed), %llu connects refused while down, %llu protocol "
      "violations, %llu wrong verdicts\n"
      "  RSS [KiB]: at ready %ld..%ld, before kill max %ld; last instance %ld -> %ld\n"
      "  PLR soak: %llu runs, %zu trials, estimate %.0f +- %.0f pps; fault-free %zu trials, "
      "%.0f +- %.0f pps; difference %.0f pps = %.2f stdev\n",
      soak_s, kills, kills_during_plr, restarts, reply_faults, plan.dropped_replies,
      plan.slow_replies, plan.corrupt_replies, plan.busy_bursts, jobs.size(), finished, failed,
      static_cast<unsigned long long>(audit.trials),
      static_cast<unsigned long long>(trials_checked),
      static_cast<unsigned long long>(audit.duplicate_trials),
      static_cast<unsigned long long>(audit.jobs_with_gaps), audit.integrity.c_str(),
      plan.chaos_clients, static_cast<unsigned long long>(chaos_counts.requests),
      static_cast<unsigned long long>(chaos_counts.answered),
      static_cast<unsigned long long>(chaos_counts.error_replies),
      static_cast<unsigned long long>(chaos_counts.cut_short),
      static_cast<unsigned long long>(chaos_counts.unanswered),
      static_cast<unsigned long long>(chaos_counts.connect_failed),
      static_cast<unsigned long long>(chaos_counts.protocol_violations),
      static_cast<unsigned long long>(chaos_counts.wrong_verdicts),
      *std::min_element(ready.begin(), ready.end()), *std::max_element(ready.begin(), ready.end()),
      before_kill.empty() ? 0L : *std::max_element(before_kill.begin(), before_kill.end()),
      final_start_rss, final_end_rss, static_cast<unsigned long long>(plr_runs), soaked.trials,
      soaked.average, soaked.stdev, reference.trials, reference.average, reference.stdev,
      difference, stdev > 0.0 ? difference / stdev : 0.0);
}

}  // namespace trexsearch::servicetest
