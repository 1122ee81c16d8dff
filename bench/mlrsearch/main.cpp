// bench_mlr_vs_binary: MLRsearch (CSIT NDR+PDR goals, and one RFC 2544 goal)
// against a plain 60 s RFC 2544 binary search on simulated SUTs, in virtual time.
// Prints Markdown tables; see docs/benchmarks-mlrsearch.md.
#include <cmath>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

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

/// A model to run, with options from the command line.
struct ModelSpec {
  std::string label;
  std::string name;
  trexsearch::sim::SutOptions options;
};

/// "noisy:noise=0.01:capacity_pps=2e6" -> name and options; throws ConfigError.
ModelSpec parse_model(const std::string& text) {
  ModelSpec spec{text, text.substr(0, text.find(':')), {}};
  std::size_t start = spec.name.size();
  while (start < text.size()) {
    const std::size_t end = std::min(text.find(':', start + 1), text.size());
    const std::string option = text.substr(start + 1, end - start - 1);
    const std::size_t equals = option.find('=');
    char* parsed_end = nullptr;
    const double value =
        equals == std::string::npos ? 0.0 : std::strtod(option.c_str() + equals + 1, &parsed_end);
    if (equals == std::string::npos || parsed_end == option.c_str() + equals + 1 ||
        *parsed_end != '\0') {
      throw trexsearch::ConfigError("--model", text, "option '" + option + "' is not KEY=NUMBER");
    }
    spec.options[option.substr(0, equals)] = value;
    start = end;
  }
  return spec;
}

/// Spreads capacities over 1 .. 14 Mfps (log scale, golden-ratio sequence) so that
/// deterministic models do not get one lucky or unlucky grid position for every seed.
double capacity_for_seed(std::uint64_t seed) {
  const double golden = 0.6180339887498949;
  const double u = std::fmod(static_cast<double>(seed) * golden, 1.0);
  return std::exp(std::log(1e6) + u * (std::log(1.4e7) - std::log(1e6)));
}

}  // namespace

int main(int argc, char** argv) {
  using namespace trexsearch;
  try {
    std::uint64_t seeds = 10;
    std::vector<ModelSpec> models;
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
        models.push_back(parse_model(argv[++i]));
      } else {
        std::cerr << usage_text;
        return arg == "--help" ? 0 : 2;
      }
    }
    if (models.empty()) {
      for (const char* name :
           {"sharp", "noisy", "noisy:noise=0.01", "lossy", "bursty", "duration_dependent"}) {
        models.push_back(parse_model(name));
      }
    }
    std::vector<bench::CaseRuns> runs;
    for (const ModelSpec& model : models) {
      for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
        sim::SutOptions options = model.options;
        // The seed's capacity unless the command line fixed one.
        options.try_emplace("capacity_pps", capacity_for_seed(seed));
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
