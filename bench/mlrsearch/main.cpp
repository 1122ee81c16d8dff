// bench_mlr_vs_binary: MLRsearch (CSIT NDR+PDR goals, and one RFC 2544 goal)
// against a plain 60 s RFC 2544 binary search on simulated SUTs, in virtual time.
// Prints Markdown tables; see docs/benchmarks-mlrsearch.md.
#include <cmath>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "bench/mlrsearch/model_spec.hpp"
#include "bench/mlrsearch/report_tables.hpp"
#include "bench/mlrsearch/search_runs.hpp"
#include "search/errors.hpp"

namespace {

constexpr const char* usage_text =
    "usage: bench_mlr_vs_binary [--seeds N] [--details] [--model NAME[:KEY=VALUE...]]...\n"
    "  --seeds N    seeds 1..N per model (default 10)\n"
    "  --model M    a SUT model, options separated by ':', e.g. noisy:noise=0.01;\n"
    "               repeatable (default: sharp, noisy, noisy:noise=0.01, lossy, bursty,\n"
    "               duration_dependent)\n"
    "  --details    also print every run\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace trexsearch;
  try {
    std::uint64_t seeds = 10;
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
  } catch (const ConfigError& error) {
    std::cerr << "bench_mlr_vs_binary: error: " << error.what() << "\n" << usage_text;
    return 2;
  } catch (const std::exception& error) {
    std::cerr << "bench_mlr_vs_binary: error: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
