#include "bench/mlrsearch/bench_args.hpp"

#include <cstdlib>
#include <iostream>

#include "measure/errors.hpp"

namespace trexsearch::bench {

std::string bench_usage(const std::string& name, std::uint64_t default_seeds) {
  return "usage: " + name +
         " [--seeds N] [--details] [--model NAME[:KEY=VALUE...]]...\n"
         "  --seeds N    seeds 1..N per model (default " +
         std::to_string(default_seeds) +
         ")\n"
         "  --model M    a SUT model, options separated by ':', e.g. noisy:noise=0.01;\n"
         "               repeatable (default: sharp, noisy, noisy:noise=0.01, lossy, bursty,\n"
         "               duration_dependent); every model also takes\n"
         "               tester_reach_pps=R[:tester_spread=S]: behind a tester reaching R\n"
         "               pps per trial, times (1 + S z), z a normal draw\n"
         "  --details    also print every run\n";
}

std::optional<BenchArgs> parse_bench_args(int argc, char** argv, std::uint64_t default_seeds,
                                          const std::string& usage, int& exit_code) {
  BenchArgs args;
  args.seeds = default_seeds;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--details") {
      args.details = true;
    } else if (arg == "--seeds" && i + 1 < argc) {
      char* end = nullptr;
      args.seeds = std::strtoull(argv[++i], &end, 10);
      if (*end != '\0' || args.seeds == 0)
        throw measure::ConfigError("--seeds", argv[i], "not a count > 0");
    } else if (arg == "--model" && i + 1 < argc) {
      args.models.push_back(parse_model(argv[++i]));
    } else {
      std::cerr << usage;
      exit_code = arg == "--help" ? 0 : 2;
      return std::nullopt;
    }
  }
  if (args.models.empty()) args.models = default_models();
  return args;
}

}  // namespace trexsearch::bench
