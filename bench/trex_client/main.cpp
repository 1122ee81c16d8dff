// bench_trex_overhead: how much of a TRex trial is control, measured against the
// trex-emulator on loopback. Prints Markdown; see docs/trex-client.md ("Overhead").
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>

#include "bench/trex_client/control_overhead.hpp"
#include "bench/trex_client/search_efficiency.hpp"

namespace {

constexpr const char* usage_text =
    "usage: bench_trex_overhead [--trials N] [--duration S] [--search-speed X] [--no-search]\n"
    "  --trials N        trials for the overhead figure (default 100)\n"
    "  --duration S      trial duration [s] (default 0.01)\n"
    "  --search-speed X  emulator speed for the search figure (default 10; 1 = real time)\n"
    "  --no-search       skip the search figure\n";

}  // namespace

int main(int argc, char** argv) {
  int trials = 100;
  double duration = 0.01;
  double search_speed = 10.0;
  bool search = true;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--trials" && has_value) {
      trials = std::atoi(argv[++i]);
    } else if (arg == "--duration" && has_value) {
      duration = std::atof(argv[++i]);
    } else if (arg == "--search-speed" && has_value) {
      search_speed = std::atof(argv[++i]);
    } else if (arg == "--no-search") {
      search = false;
    } else {
      std::cerr << usage_text;
      return 2;
    }
  }
  if (trials < 1 || !(duration > 0.0) || !(search_speed > 0.0)) {
    std::cerr << "bench_trex_overhead: --trials, --duration and --search-speed must be > 0\n"
              << usage_text;
    return 2;
  }
  try {
    trexsearch::trex::bench::run_control_overhead(trials, duration, std::cout);
    if (search) trexsearch::trex::bench::run_search_efficiency(search_speed, std::cout);
  } catch (const std::exception& error) {
    std::cerr << "bench_trex_overhead: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
