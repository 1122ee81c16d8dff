// trex_searchd_bench: how trex-searchd behaves under control-socket load.
//  1. idle RSS after start;
//  2. a real-time simulated job alone: how long each trial takes beyond its
//     duration (the pacing overhead);
//  3. the same job while N clients poll `status`: per-request latency
//     percentiles (target: every answer within 50 ms) and the pacing again;
//  4. RSS over a long compressed-time workload (jobs back to back until their
//     virtual search time adds up to --soak-hours);
//  5. RSS over one compressed-time PLRsearch soak of --plr-soak-hours (the
//     posterior integrated after every trial, every trial and estimate stored).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "daemon_harness.hpp"
#include "latency_stats.hpp"

namespace {

using namespace trexsearch::bench;
using Clock = std::chrono::steady_clock;

struct Options {
  int clients = 100;
  double job_seconds = 10.0;
  int poll_interval_ms = 10;
  double soak_hours = 12.0;
  double plr_soak_hours = 12.0;
  int plr_samples = 2000;
};

Options parse(int argc, char* argv[]) {
  Options options;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    const std::string value = argv[i + 1];
    if (key == "--clients") {
      options.clients = std::stoi(value);
    } else if (key == "--job-seconds") {
      options.job_seconds = std::stod(value);
    } else if (key == "--poll-interval-ms") {
      options.poll_interval_ms = std::stoi(value);
    } else if (key == "--soak-hours") {
      options.soak_hours = std::stod(value);
    } else if (key == "--plr-soak-hours") {
      options.plr_soak_hours = std::stod(value);
    } else if (key == "--plr-samples") {
      options.plr_samples = std::stoi(value);
    } else {
      std::fprintf(stderr,
                   "usage: trex_searchd_bench [--clients N] [--job-seconds S] "
                   "[--poll-interval-ms MS] [--soak-hours H] [--plr-soak-hours H] "
                   "[--plr-samples N]\n");
      std::exit(2);
    }
  }
  return options;
}

// A real-time job of 0.1 s trials on a noisy SUT (a dozen trials or more).
Json::Value paced_job(double seconds) {
  Json::Value goal(Json::objectValue);
  goal["relative_width"] = 1e-9;
  goal["initial_trial_duration"] = 0.1;
  goal["final_trial_duration"] = 0.1;
  goal["duration_sum"] = 0.3;
  Json::Value job(Json::objectValue);
  job["spec"]["goals"].append(goal);
  job["spec"]["min_load"] = 1e4;
  job["spec"]["max_load"] = 1e7;
  job["spec"]["warmup_duration"] = 0.0;
  job["spec"]["search_duration_max"] = seconds;
  job["measurer"]["kind"] = "sim";
  job["measurer"]["model"] = "noisy";
  job["measurer"]["options"]["capacity_pps"] = 1e6;
  job["measurer"]["time"] = "real";
  return job;
}

// A compressed-time job: 10 s trials, at most an hour of virtual search time.
Json::Value soak_job(std::uint64_t seed) {
  Json::Value goal(Json::objectValue);
  goal["relative_width"] = 1e-9;
  goal["initial_trial_duration"] = 10.0;
  goal["final_trial_duration"] = 10.0;
  goal["duration_sum"] = 60.0;
  Json::Value job(Json::objectValue);
  job["spec"]["goals"].append(goal);
  job["spec"]["min_load"] = 1e4;
  job["spec"]["max_load"] = 1e7;
  job["spec"]["search_duration_max"] = 3600.0;
  job["measurer"]["kind"] = "sim";
  job["measurer"]["model"] = "noisy";
  job["measurer"]["seed"] = Json::UInt64{seed};
  job["measurer"]["options"]["capacity_pps"] = 1e6;
  return job;
}

// A compressed-time PLRsearch soak of `hours` on the soak SUT model, with a fixed
// number of integration samples per trial (deterministic, so runs compare).
Json::Value plr_soak_job(double hours, int samples_per_trial) {
  Json::Value job(Json::objectValue);
  job["method"] = "plr";
  job["spec"]["target_loss_ratio"] = 1e-7;
  job["spec"]["min_load"] = 9001.0;
  job["spec"]["max_load"] = 14880952.0;
  job["spec"]["trial_duration_first"] = 5.1;
  job["spec"]["trial_duration_increment"] = 0.1;
  job["spec"]["time_budget"] = hours * 3600.0;
  job["spec"]["samples_per_trial"] = samples_per_trial;
  job["spec"]["seed"] = 1;
  job["measurer"]["kind"] = "sim";
  job["measurer"]["model"] = "soak";
  return job;
}

// Runs paced jobs back to back for `seconds` (each ends once its goal is reached)
// and returns how much longer than its duration each trial took on the wall
// clock [ms], the first trial of each job (job start-up) left out.
std::vector<double> run_paced_jobs(const DaemonUnderTest& daemon, double seconds) {
  Client client(daemon.socket());
  std::vector<double> overrun_ms;
  const auto end = Clock::now() + std::chrono::duration<double>(seconds);
  while (Clock::now() < end) {
    const auto submitted = client.request("submit", paced_job(seconds));
    Json::Value watch(Json::objectValue);
    watch["job"] = submitted.arguments["job"];
    if (client.request("watch", watch).arguments["ended"].asBool()) continue;
    auto previous = Clock::now();
    bool first = true;
    while (const auto event = client.next_event()) {
      const auto now = Clock::now();
      const std::string name = (*event)["event"].asString();
      if (name == "job.ended") break;
      if (name != "trial") continue;
      const double duration_ms = (*event)["arguments"]["duration"].asDouble() * 1000.0;
      const double wall_ms = std::chrono::duration<double, std::milli>(now - previous).count();
      if (!first) overrun_ms.push_back(wall_ms - duration_ms);
      first = false;
      previous = now;
    }
  }
  return overrun_ms;
}

void print_pacing(const char* label, const std::vector<double>& overrun_ms) {
  double sum = 0.0;
  for (const double value : overrun_ms) sum += value;
  const LatencySummary summary = summarise(overrun_ms);
  std::printf("%s: %zu trials, overrun per trial mean %.3f ms, p50 %.3f, p99 %.3f, max %.3f ms\n",
              label, overrun_ms.size(),
              overrun_ms.empty() ? 0.0 : sum / static_cast<double>(overrun_ms.size()),
              summary.p50_ms, summary.p99_ms, summary.max_ms);
}

}  // namespace

int main(int argc, char* argv[]) {
  const Options options = parse(argc, argv);
  DaemonUnderTest daemon({"--max-clients", std::to_string(options.clients + 16)});
  std::printf("idle RSS after start: %ld KiB\n", daemon.rss_kib());

  print_pacing("job alone", run_paced_jobs(daemon, options.job_seconds));

  std::atomic<bool> stop{false};
  std::vector<std::vector<double>> latencies(static_cast<std::size_t>(options.clients));
  std::vector<std::thread> clients;
  clients.reserve(static_cast<std::size_t>(options.clients));
  std::atomic<int> failures{0};
  for (int i = 0; i < options.clients; ++i) {
    clients.emplace_back([&, i] {
      try {
        Client client(daemon.socket());
        auto& samples = latencies[static_cast<std::size_t>(i)];
        while (!stop.load()) {
          const auto start = Clock::now();
          const auto reply = client.request("status");
          samples.push_back(
              std::chrono::duration<double, std::milli>(Clock::now() - start).count());
          if (reply.result != trexsearch::protocol::ResultCode::success) ++failures;
          if (options.poll_interval_ms > 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(options.poll_interval_ms));
          }
        }
      } catch (const std::exception& error) {
        std::fprintf(stderr, "client %d: %s\n", i, error.what());
        ++failures;
      }
    });
  }
  const std::vector<double> loaded_pacing = run_paced_jobs(daemon, options.job_seconds);
  stop = true;
  for (auto& client : clients) client.join();
  std::vector<double> all;
  for (const auto& samples : latencies) all.insert(all.end(), samples.begin(), samples.end());
  std::printf("%d clients polling status every %d ms during the job: %s; %d failures\n",
              options.clients, options.poll_interval_ms, describe(summarise(all)).c_str(),
              failures.load());
  print_pacing("job with the clients", loaded_pacing);
  std::printf("RSS after the load: %ld KiB\n", daemon.rss_kib());

  // Compressed-time soak: jobs back to back until their virtual time adds up.
  Client client(daemon.socket());
  const long soak_start_rss = daemon.rss_kib();
  double virtual_seconds = 0.0;
  std::size_t trials = 0;
  const auto soak_start = Clock::now();
  std::uint64_t seed = 1;
  int next_report = 1;
  while (virtual_seconds < options.soak_hours * 3600.0) {
    const auto submitted = client.request("submit", soak_job(seed++));
    Json::Value job(Json::objectValue);
    job["job"] = submitted.arguments["job"];
    const auto watch = client.request("watch", job);
    if (!watch.arguments["ended"].asBool()) {
      while (const auto event = client.next_event()) {
        if ((*event)["event"].asString() == "job.ended") break;
      }
    }
    const auto result = client.request("result", job);
    virtual_seconds += result.arguments["result"]["totals"]["search_duration"].asDouble();
    trials += result.arguments["result"]["trials"].size();
    if (virtual_seconds >= options.soak_hours * 3600.0 * next_report / 4.0) {
      std::printf("  soak %.1f h virtual, %zu trials: RSS %ld KiB\n", virtual_seconds / 3600.0,
                  trials, daemon.rss_kib());
      next_report = static_cast<int>(virtual_seconds * 4.0 / (options.soak_hours * 3600.0)) + 1;
    }
  }
  std::printf(
      "compressed soak: %.1f h of virtual search time, %zu trials in %.1f s wall; RSS "
      "start %ld KiB, end %ld KiB\n",
      virtual_seconds / 3600.0, trials,
      std::chrono::duration<double>(Clock::now() - soak_start).count(), soak_start_rss,
      daemon.rss_kib());

  // One compressed-time PLR soak: RSS sampled every quarter of its virtual time.
  if (options.plr_soak_hours > 0.0) {
    const long plr_start_rss = daemon.rss_kib();
    long plr_max_rss = plr_start_rss;
    const auto plr_start = Clock::now();
    const auto submitted =
        client.request("submit", plr_soak_job(options.plr_soak_hours, options.plr_samples));
    if (submitted.result != trexsearch::protocol::ResultCode::success) {
      std::fprintf(stderr, "PLR soak refused: %s\n", submitted.text.c_str());
      return 1;
    }
    Json::Value job(Json::objectValue);
    job["job"] = submitted.arguments["job"];
    const auto watch = client.request("watch", job);
    double quarter = 1.0;
    std::size_t plr_trials = 0;
    if (!watch.arguments["ended"].asBool()) {
      while (const auto event = client.next_event()) {
        const std::string name = (*event)["event"].asString();
        if (name == "job.ended") break;
        if (name != "trial") continue;
        ++plr_trials;
        const long rss = daemon.rss_kib();
        plr_max_rss = std::max(plr_max_rss, rss);
        const double search_s = (*event)["arguments"]["search_time"].asDouble();
        if (search_s >= options.plr_soak_hours * 3600.0 * quarter / 4.0) {
          std::printf("  PLR soak %.1f h virtual, %zu trials: RSS %ld KiB\n", search_s / 3600.0,
                      plr_trials, rss);
          quarter = std::floor(search_s * 4.0 / (options.plr_soak_hours * 3600.0)) + 1.0;
        }
      }
    }
    const auto result = client.request("result", job);
    const Json::Value& plr = result.arguments["result"];
    std::printf(
        "compressed PLR soak: %s after %u trials, %.1f h virtual in %.1f s wall; estimate %.0f "
        "+- %.0f pps; RSS start %ld KiB, max %ld KiB, end %ld KiB\n",
        result.arguments["job"]["state"].asCString(), plr["trials"].size(),
        plr["totals"]["run_duration"].asDouble() / 3600.0,
        std::chrono::duration<double>(Clock::now() - plr_start).count(),
        plr["estimate"]["average"].asDouble(), plr["estimate"]["stdev"].asDouble(), plr_start_rss,
        plr_max_rss, daemon.rss_kib());
    // The result of a long soak is a few MB of JSON: the reply's memory is reused,
    // not accumulated. Ask again and show it.
    for (int again = 0; again < 3; ++again) (void)client.request("result", job);
    std::printf("after 3 more result requests: RSS %ld KiB\n", daemon.rss_kib());
  }
  return 0;
}
