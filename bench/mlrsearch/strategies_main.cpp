// bench_mlr_strategies: the csit and fast load-selection strategies of
// mlr::Controller on the same simulated SUTs, seeds and goals, in virtual time.
// Prints Markdown tables; see docs/benchmarks-mlrsearch.md.
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "bench/mlrsearch/model_spec.hpp"
#include "bench/mlrsearch/search_runs.hpp"
#include "bench/mlrsearch/strategy_tables.hpp"
#include "search/errors.hpp"

namespace {

constexpr const char* usage_text =
    "usage: bench_mlr_strategies [--seeds N] [--details] [--model NAME[:KEY=VALUE...]]...\n"
    "  --seeds N    seeds 1..N per model (default 100)\n"
    "  --model M    a SUT model, options separated by ':', e.g. noisy:noise=0.01;\n"
    "               repeatable (default: sharp, noisy, noisy:noise=0.01, lossy, bursty,\n"
    "               duration_dependent)\n"
    "  --details    also print every run\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace trexsearch;
  try {
    std::uint64_t seeds = 100;
    std::vector<bench::ModelSpec> models;
    bool details = false;
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--details") {
        details = true;
      } else if (arg == "--seeds" && i + 1 < argc) {
        char* end = nullptr;
        seeds = std::strtoull(argv[++i], &end, 10);
        if (*end != '\0' || seeds == 0) throw ConfigError("--seeds", argv[i], "not a count > 0");
      } else if (arg == "--model" && i + 1 < argc) {
        models.push_back(bench::parse_model(argv[++i]));
      } else {
        std::cerr << usage_text;
        return arg == "--help" ? 0 : 2;
      }
    }
    if (models.empty()) models = bench::default_models();
    std::vector<bench::StrategyCase> cases;
    for (const bench::ModelSpec& model : models) {
      for (const auto& [goals, make_config] : {std::pair{"NDR+PDR", &bench::csit_ndr_pdr_config},
                                               std::pair{"RFC2544", &bench::rfc2544_config}}) {
        for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
          sim::SutOptions options = model.options;
          // The seed's capacity unless the command line fixed one.
          options.try_emplace("capacity_pps", bench::capacity_for_seed(seed));
          mlr::ControllerConfig config = make_config();
          bench::StrategyCase run{model.label, seed, goals, {}, {}};
          config.strategy = mlr::SelectionStrategy::csit;
          run.csit = bench::run_mlr(config, model.name, options, seed);
          config.strategy = mlr::SelectionStrategy::fast;
          run.fast = bench::run_mlr(config, model.name, options, seed);
          cases.push_back(std::move(run));
        }
      }
    }
    std::cout << "## Cost (trial seconds)\n\n";
    bench::print_strategy_cost(std::cout, cases);
    std::cout << "\n## Accuracy (relative error of CT against the model's truth)\n\n";
    bench::print_strategy_accuracy(std::cout, cases);
    if (details) {
      std::cout << "\n## Every run\n\n";
      bench::print_strategy_details(std::cout, cases);
    }
  } catch (const ConfigError& error) {
    std::cerr << "bench_mlr_strategies: error: " << error.what() << "\n" << usage_text;
    return 2;
  } catch (const std::exception& error) {
    std::cerr << "bench_mlr_strategies: error: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
