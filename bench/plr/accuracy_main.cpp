// bench_plr_accuracy: PLRsearch's estimate after a soak's worth of trials (virtual time) on
// simulated SUTs whose true critical load is known: relative error and how often the truth lies
// within average -/+ 1 and 2 stdev, over many seeds. Prints Markdown tables; see
// docs/plrsearch.md for recorded figures.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "bench/plr/soak_trials.hpp"
#include "measure/clock.hpp"
#include "plr/soak_search.hpp"
#include "sim/critical_load.hpp"
#include "sim/sut_measurer.hpp"
#include "sim/sut_model.hpp"

namespace {

using namespace trexsearch;
using namespace trexsearch::plr;

constexpr const char* usage_text =
    "usage: bench_plr_accuracy [--seeds N] [--samples N] [--budget SECONDS] [--threads T]\n"
    "                          [--details]\n"
    "  --seeds N        seeds 1..N per SUT (default 20)\n"
    "  --samples N      deterministic mode: samples per fit per trial (default 10000)\n"
    "  --budget S       time budget in virtual seconds (default 1800, CSIT's soak)\n"
    "  --threads T      integration threads per fit (default 1)\n"
    "  --details        print every run\n";

/// A measurer that advances a manual clock by the trial duration plus CSIT's ~0.5 s overhead.
/// With a drift, the SUT degrades: a trial at load L is answered as the inner SUT would answer
/// L * (1 + drift * hours), i.e. its capacity falls as 1 / (1 + drift * hours).
class VirtualTimeMeasurer final : public measure::Measurer {
 public:
  VirtualTimeMeasurer(measure::Measurer& inner, measure::ManualClock& clock, double drift_per_hour)
      : inner_(inner), clock_(clock), drift_per_hour_(drift_per_hour) {}
  measure::TrialOutcome measure(measure::Seconds duration, double load_pps,
                                std::stop_token stop) override {
    const double factor = 1.0 + drift_per_hour_ * clock_.now().count() / 3600.0;
    measure::TrialOutcome outcome = inner_.measure(duration, load_pps * factor, stop);
    outcome.offered_count = std::llround(load_pps * duration.count());
    outcome.loss_count = std::min(outcome.loss_count, outcome.offered_count);
    clock_.advance(duration + measure::Seconds{0.5});
    return outcome;
  }

 private:
  measure::Measurer& inner_;
  measure::ManualClock& clock_;
  double drift_per_hour_;
};

struct SutCase {
  std::string label;
  sim::SutOptions options;
  /// Relative capacity loss per hour (0: a stationary SUT).
  double drift_per_hour = 0.0;
};

struct RunOutcome {
  double relative_error;
  double relative_stdev;
  bool within_one;
  bool within_two;
  std::size_t trials;
  bool trend_flagged;
  double trend_per_hour;
};

double percentile(std::vector<double> values, double p) {
  std::sort(values.begin(), values.end());
  const double index = p * static_cast<double>(values.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(index));
  const auto hi = static_cast<std::size_t>(std::ceil(index));
  return values[lo] + (values[hi] - values[lo]) * (index - static_cast<double>(lo));
}

}  // namespace

int main(int argc, char** argv) {
  int seeds = 20;
  PlrConfig config;
  config.target_loss_ratio = bench::kTargetLossRatio;
  config.min_load_pps = bench::kMinLoadPps;
  config.max_load_pps = bench::kMaxLoadPps;
  config.samples_per_trial = 10000;
  bool details = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--details") {
      details = true;
      continue;
    }
    if (i + 1 >= argc ||
        (arg != "--seeds" && arg != "--samples" && arg != "--budget" && arg != "--threads")) {
      std::cerr << usage_text;
      return arg == "--help" ? 0 : 2;
    }
    const double value = std::strtod(argv[++i], nullptr);
    if (!(value > 0.0)) {
      std::cerr << arg << " = " << argv[i] << ": must be positive\n" << usage_text;
      return 2;
    }
    if (arg == "--seeds") seeds = static_cast<int>(value);
    if (arg == "--samples") config.samples_per_trial = static_cast<std::uint64_t>(value);
    if (arg == "--budget") config.time_budget = measure::Seconds{value};
    if (arg == "--threads") config.threads_per_fit = static_cast<unsigned>(value);
  }
  config.samples_per_chunk = *config.samples_per_trial;
  const std::vector<SutCase> cases = {
      {"soak C=1e7 s=1e5", {{"capacity_pps", 1e7}, {"spread_pps", 1e5}}},
      {"soak C=1e7 s=1e4", {{"capacity_pps", 1e7}, {"spread_pps", 1e4}}},
      {"soak C=2e6 s=1e5", {{"capacity_pps", 2e6}, {"spread_pps", 1e5}}},
      {"soak C=1e7 s=1e5, degrading 4 %/h", {{"capacity_pps", 1e7}, {"spread_pps", 1e5}}, 0.04},
  };
  std::cout << "# PLRsearch estimate accuracy (virtual time)\n\n"
            << "time budget " << config.time_budget.count() << " s, trial overhead 0.5 s, "
            << "deterministic mode with " << *config.samples_per_trial
            << " samples per fit per trial, target loss ratio " << config.target_loss_ratio
            << ", loads [" << config.min_load_pps << ", " << config.max_load_pps << "] pps, "
            << seeds << " seeds per SUT\n\n";
  std::cout << "| SUT | true critical load | trials | median abs error | 90th pct abs error | "
               "mean rel stdev | truth in avg+-1 stdev | truth in avg+-2 stdev | "
               "significant trend | mean trend | wall s/run |\n"
            << "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
  for (const SutCase& sut : cases) {
    const auto truth_model = sim::make_sut("soak", sut.options, 0);
    // For a degrading SUT: the critical load at the end of the budget.
    const double truth =
        *sim::critical_load_pps(*truth_model, config.target_loss_ratio, measure::Seconds{10.0}) /
        (1.0 + sut.drift_per_hour * config.time_budget.count() / 3600.0);
    std::vector<RunOutcome> outcomes;
    const auto start = std::chrono::steady_clock::now();
    for (int seed = 1; seed <= seeds; ++seed) {
      measure::ManualClock clock;
      sim::SutMeasurer sut_measurer(sim::make_sut("soak", sut.options, seed));
      VirtualTimeMeasurer measurer(sut_measurer, clock, sut.drift_per_hour);
      PlrConfig run_config = config;
      run_config.seed = static_cast<std::uint64_t>(seed);
      const PlrResult result = SoakSearch(run_config, clock).run(measurer);
      if (!result.estimate) {
        std::cerr << sut.label << " seed " << seed << ": no estimate ("
                  << to_string(result.stop_reason) << ": " << result.stop_detail << ")\n";
        return 1;
      }
      const PlrEstimate& e = *result.estimate;
      const double deviation = std::fabs(e.average_pps - truth);
      outcomes.push_back({(e.average_pps - truth) / truth, e.relative_stdev(),
                          deviation <= e.stdev_pps, deviation <= 2.0 * e.stdev_pps,
                          result.trials.size(), result.trend && result.trend->significant(),
                          result.trend ? result.trend->slope_per_hour : 0.0});
      if (details) {
        std::cerr << sut.label << " seed " << seed << ": " << result.trials.size()
                  << " trials, estimate " << e.average_pps << " +- " << e.stdev_pps << " (error "
                  << 100.0 * outcomes.back().relative_error << " %)";
        if (result.trend) {
          std::cerr << ", trend " << 100.0 * result.trend->slope_per_hour << " +- "
                    << 100.0 * result.trend->slope_stderr_per_hour << " %/h";
        }
        std::cerr << "\n";
      }
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::vector<double> abs_errors;
    double stdev_sum = 0.0;
    int one = 0;
    int two = 0;
    int flagged = 0;
    double trend_sum = 0.0;
    for (const RunOutcome& o : outcomes) {
      abs_errors.push_back(std::fabs(o.relative_error));
      stdev_sum += o.relative_stdev;
      if (o.within_one) ++one;
      if (o.within_two) ++two;
      if (o.trend_flagged) ++flagged;
      trend_sum += o.trend_per_hour;
    }
    const double n = static_cast<double>(outcomes.size());
    std::cout.precision(4);
    std::cout << "| " << sut.label << " | " << truth << " | " << outcomes.front().trials << " | "
              << 100.0 * percentile(abs_errors, 0.5) << " % | "
              << 100.0 * percentile(abs_errors, 0.9) << " % | " << 100.0 * stdev_sum / n << " % | "
              << 100.0 * one / n << " % | " << 100.0 * two / n << " % | " << 100.0 * flagged / n
              << " % | " << 100.0 * trend_sum / n << " %/h | " << seconds / n << " |\n";
  }
  return 0;
}
