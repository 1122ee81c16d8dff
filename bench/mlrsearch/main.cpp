// bench_mlr_vs_binary: MLRsearch (CSIT NDR+PDR goals, and one RFC 2544 goal)
// against a plain 60 s RFC 2544 binary search on simulated SUTs, in virtual time.
// Prints Markdown tables; see docs/benchmarks-mlrsearch.md.
#include <cmath>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "bench/mlrsearch/bench_args.hpp"
#include "bench/mlrsearch/model_spec.hpp"
#include "bench/mlrsearch/report_tables.hpp"
#include "bench/mlrsearch/search_runs.hpp"
#include "measure/errors.hpp"

int main(int argc, char** argv) {
  using namespace trexsearch;
  const std::string usage = bench::bench_usage("bench_mlr_vs_binary", 10);
  try {
    int exit_code = 0;
    const auto args = bench::parse_bench_args(argc, argv, 10, usage, exit_code);
    if (!args) return exit_code;
    const std::uint64_t seeds = args->seeds;
    const std::vector<bench::ModelSpec>& models = args->models;
    const bool details = args->details;
    std::vector<bench::CaseRuns> runs;
    for (const bench::ModelSpec& model : models) {
      for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
        sim::SutOptions options = model.options;
        // The seed's capacity unless the command line fixed one.
        options.try_emplace("capacity_pps", bench::capacity_for_seed(seed));
        runs.push_back(bench::run_case(model.label, model.name, options, seed));
      }
    }
    std::cout << "## Cost\n\n";
    bench::print_cost_summary(std::cout, runs);
    std::cout << "\n## Accuracy (relative error of CT, or of the binary search's lower bound)\n\n";
    bench::print_accuracy_summary(std::cout, runs);
    if (details) {
      std::cout << "\n## Every run\n\n";
      bench::print_details(std::cout, runs);
    }
  } catch (const measure::ConfigError& error) {
    std::cerr << "bench_mlr_vs_binary: error: " << error.what() << "\n" << usage;
    return 2;
  } catch (const std::exception& error) {
    std::cerr << "bench_mlr_vs_binary: error: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
