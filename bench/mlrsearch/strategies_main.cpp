// bench_mlr_strategies: the csit and fast load-selection strategies of
// mlr::Controller on the same simulated SUTs, seeds and goals, in virtual time.
// Prints Markdown tables; see docs/benchmarks-mlrsearch.md.
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "bench/mlrsearch/bench_args.hpp"
#include "bench/mlrsearch/model_spec.hpp"
#include "bench/mlrsearch/oracle_floor.hpp"
#include "bench/mlrsearch/search_runs.hpp"
#include "bench/mlrsearch/strategy_tables.hpp"
#include "measure/errors.hpp"

int main(int argc, char** argv) {
  using namespace trexsearch;
  const std::string usage = bench::bench_usage("bench_mlr_strategies", 100);
  try {
    int exit_code = 0;
    const auto args = bench::parse_bench_args(argc, argv, 100, usage, exit_code);
    if (!args) return exit_code;
    const std::uint64_t seeds = args->seeds;
    const std::vector<bench::ModelSpec>& models = args->models;
    const bool details = args->details;
    std::vector<bench::StrategyCase> cases;
    for (const bench::ModelSpec& model : models) {
      for (const auto& [goals, make_config] : {std::pair{"NDR+PDR", &bench::csit_ndr_pdr_config},
                                               std::pair{"RFC2544", &bench::rfc2544_config}}) {
        for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
          sim::SutOptions options = model.options;
          // The seed's capacity unless the command line fixed one.
          options.try_emplace("capacity_pps", bench::capacity_for_seed(seed));
          mlr::ControllerConfig config = make_config();
          bench::StrategyCase run{model.label, seed, goals, {}, {}, {}};
          config.strategy = mlr::SelectionStrategy::csit;
          run.csit = bench::run_mlr(config, model.name, options, seed);
          config.strategy = mlr::SelectionStrategy::fast;
          run.fast = bench::run_mlr(config, model.name, options, seed);
          run.oracle = bench::oracle_trial_seconds(config, model.name, options, seed);
          cases.push_back(std::move(run));
        }
      }
    }
    std::cout << "## Cost (trial seconds)\n\n";
    bench::print_strategy_cost(std::cout, cases);
    std::cout << "\n## Accuracy (relative error of CT against the model's truth)\n\n";
    bench::print_strategy_accuracy(std::cout, cases);
    std::cout << "\n## Within one width, fast against csit run by run (same seeds)\n\n";
    bench::print_strategy_pairs(std::cout, cases);
    if (details) {
      std::cout << "\n## Every run\n\n";
      bench::print_strategy_details(std::cout, cases);
    }
  } catch (const measure::ConfigError& error) {
    std::cerr << "bench_mlr_strategies: error: " << error.what() << "\n" << usage;
    return 2;
  } catch (const std::exception& error) {
    std::cerr << "bench_mlr_strategies: error: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
