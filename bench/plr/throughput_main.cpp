// bench_plr_throughput: posterior samples per second per thread of the PLR integrator with 10,
// 100, 1000 and 3000 stored trials (3000: a 3-day soak), and how the throughput scales with
// threads. Prints Markdown
// tables; see docs/plrsearch.md for recorded figures.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "bench/plr/soak_trials.hpp"
#include "plr/integration_chain.hpp"
#include "plr/integration_pool.hpp"

namespace {

using namespace trexsearch::plr;
using Clock = std::chrono::steady_clock;

constexpr const char* usage_text =
    "usage: bench_plr_throughput [--samples N] [--max-threads T]\n"
    "  --samples N      samples per fit per measurement at 100 trials (default 300000;\n"
    "                   scaled by 100/trials for other trial counts)\n"
    "  --max-threads T  largest thread count in the scaling tables (default: all cores)\n";

IntegrationProblem problem(FitShape shape, std::shared_ptr<const std::vector<StoredTrial>> trials) {
  return IntegrationProblem{shape,
                            std::move(trials),
                            bench::kMinLoadPps,
                            bench::kMaxLoadPps,
                            std::log(bench::kTargetLossRatio),
                            LikelihoodKind::geometric,
                            5.0};
}

/// The focus a search would inherit: where a long chain ended up.
FocusState warm_focus(const IntegrationProblem& p) {
  ChainLimits limits;
  limits.max_samples = 20000;
  return run_chain(p, FocusState{}, 1, limits).focus.state();
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// One chain on the calling thread: samples per second.
double single_thread_rate(const IntegrationProblem& p, const FocusState& focus,
                          std::uint64_t samples) {
  ChainLimits limits;
  limits.max_samples = samples;
  const auto start = Clock::now();
  const ChainResult result = run_chain(p, focus, 2, limits);
  return static_cast<double>(result.samples) / seconds_since(start);
}

/// `threads` independent chains at once (fits alternating): total samples per second.
double parallel_rate(const IntegrationProblem (&problems)[2], const FocusState (&focus)[2],
                     unsigned threads, std::uint64_t samples_per_thread) {
  std::vector<std::uint64_t> done(threads, 0);
  const auto start = Clock::now();
  {
    std::vector<std::jthread> workers;
    for (unsigned t = 0; t < threads; ++t) {
      workers.emplace_back([&, t] {
        ChainLimits limits;
        limits.max_samples = samples_per_thread;
        done[t] = run_chain(problems[t % 2], focus[t % 2], 10 + t, limits).samples;
      });
    }
  }
  std::uint64_t total = 0;
  for (std::uint64_t d : done) total += d;
  return static_cast<double>(total) / seconds_since(start);
}

/// The search's own pool in deterministic mode: samples per second per fit.
double pool_rate(std::shared_ptr<const std::vector<StoredTrial>> trials,
                 const FocusState (&focus)[2], unsigned threads_per_fit,
                 std::uint64_t samples_per_fit) {
  IntegrationSettings settings;
  settings.min_load_pps = bench::kMinLoadPps;
  settings.max_load_pps = bench::kMaxLoadPps;
  settings.log_target_loss_ratio = std::log(bench::kTargetLossRatio);
  settings.threads_per_fit = threads_per_fit;
  settings.samples_per_trial = samples_per_fit;
  settings.samples_per_chunk = std::max<std::uint64_t>(samples_per_fit / 16, 1);
  IntegrationPool pool(settings);
  const auto start = Clock::now();
  pool.start(IntegrationJob{1, std::move(trials), {focus[0], focus[1]}});
  const auto result = pool.finish();
  return static_cast<double>((*result)[0].samples) / seconds_since(start);
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string line;
  std::getline(in, line);
  return line;
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t samples_at_100 = 300000;
  unsigned max_threads = std::max(1u, std::thread::hardware_concurrency());
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if ((arg == "--samples" || arg == "--max-threads") && i + 1 < argc) {
      const long value = std::strtol(argv[++i], nullptr, 10);
      if (value <= 0) {
        std::cerr << arg << " = " << argv[i] << ": must be a positive integer\n" << usage_text;
        return 2;
      }
      if (arg == "--samples") {
        samples_at_100 = static_cast<std::uint64_t>(value);
      } else {
        max_threads = static_cast<unsigned>(value);
      }
    } else {
      std::cerr << usage_text;
      return arg == "--help" ? 0 : 2;
    }
  }
  std::cout << "# PLR integrator throughput\n\n"
            << "cores: " << std::thread::hardware_concurrency()
            << ", load average before: " << load_average() << "\n"
            << "trials: simulated soak SUT (capacity " << bench::kCapacityPps << ", spread "
            << bench::kSpreadPps << "), loads within 1 % of the critical load "
            << bench::true_critical_load_pps() << " pps; focus warmed by 20000 samples\n\n";

  std::cout << "## One thread, one chain: posterior samples per second\n\n"
            << "| stored trials | stretch | erf | mean of both |\n| --- | --- | --- | --- |\n";
  for (std::size_t count : {10, 100, 1000, 3000}) {
    const auto trials = bench::converged_soak_trials(count, 1);
    const std::uint64_t samples = std::max<std::uint64_t>(samples_at_100 * 100 / count, 1000);
    double rates[2];
    for (FitShape shape : kFitShapes) {
      const IntegrationProblem p = problem(shape, trials);
      rates[index_of(shape)] = single_thread_rate(p, warm_focus(p), samples);
    }
    std::cout << "| " << count << " | " << static_cast<long>(rates[0]) << " | "
              << static_cast<long>(rates[1]) << " | "
              << static_cast<long>((rates[0] + rates[1]) / 2) << " |\n";
  }

  const auto trials = bench::converged_soak_trials(100, 1);
  const IntegrationProblem problems[2] = {problem(FitShape::stretch, trials),
                                          problem(FitShape::erf, trials)};
  const FocusState focus[2] = {warm_focus(problems[0]), warm_focus(problems[1])};
  std::cout << "\n## Scaling at 100 stored trials: independent chains on T threads\n\n"
            << "| threads | total samples/s | per thread |\n| --- | --- | --- |\n";
  for (unsigned threads = 1; threads <= max_threads; ++threads) {
    const double rate = parallel_rate(problems, focus, threads, samples_at_100);
    std::cout << "| " << threads << " | " << static_cast<long>(rate) << " | "
              << static_cast<long>(rate / threads) << " |\n";
  }
  std::cout << "\n## The search's worker pool (deterministic mode, 100 trials, both fits)\n\n"
            << "| threads per fit | threads | samples/s per fit |\n| --- | --- | --- |\n";
  for (unsigned per_fit = 1; per_fit <= std::max(1u, max_threads / 2); ++per_fit) {
    const double rate = pool_rate(trials, focus, per_fit, 2 * samples_at_100);
    std::cout << "| " << per_fit << " | " << 2 * per_fit << " | " << static_cast<long>(rate)
              << " |\n";
  }
  std::cout << "\nload average after: " << load_average() << "\n";
  return 0;
}
