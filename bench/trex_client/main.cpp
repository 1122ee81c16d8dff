// bench_trex_overhead: how much of a TRex trial is control, and how much of a search
// is traffic, against a real TRex (--endpoint) or an in-process trex-emulator.
// Prints Markdown; see docs/benchmarks-trex.md.
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>

#include "bench/trex_client/control_overhead.hpp"
#include "bench/trex_client/search_efficiency.hpp"

namespace {

constexpr const char* usage_text =
    "usage: bench_trex_overhead [--endpoint tcp://HOST:PORT] [options]\n"
    "  --endpoint E      a real TRex or a running trex-emulator (default: an in-process\n"
    "                    emulator on loopback)\n"
    "  --ports A,B       the port pair (default 0,1)\n"
    "  --unidirectional  traffic from A to B only (default both ways)\n"
    "  --frame-size N    frame size [B] (default 64)\n"
    "  --counters C      flow_stats (default) or port\n"
    "  --force           take the ports from another user\n"
    "  --no-force-start  TRex's own link and destination checks at every start\n"
    "  --tx-poll-interval S  the measurer's TX-end poll interval [s] (default 0.0005)\n"
    "  --trials N        trials for the overhead figure (default 100; 0 skips it)\n"
    "  --duration S      trial duration [s] (default 0.01)\n"
    "  --load-pps X      overhead trials' load per direction (default 100000)\n"
    "  --alternate-load-pps X  every second trial at X instead (a lossless X after a lossy\n"
    "                    trial shows its late frames as negative_loss)\n"
    "  --search-speed X  in-process emulator speed for the search (default 10; 1 = real time)\n"
    "  --min-load X      the search's min load [pps] (default 9001)\n"
    "  --max-load X      the search's max load [pps] (default 1.4e7)\n"
    "  --no-search       skip the search figure\n"
    "  --per-trial       also list each overhead trial's parts\n";

bool parse_ports(const std::string& text, trexsearch::trex::bench::BenchTarget& target) {
  const std::size_t comma = text.find(',');
  if (comma == std::string::npos) return false;
  const int a = std::atoi(text.substr(0, comma).c_str());
  const int b = std::atoi(text.substr(comma + 1).c_str());
  if (a < 0 || a > 255 || b < 0 || b > 255 || a == b) return false;
  target.tx_port = static_cast<std::uint8_t>(a);
  target.rx_port = static_cast<std::uint8_t>(b);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace trexsearch::trex::bench;
  BenchTarget target;
  OverheadRun overhead;
  SearchRun search_run;
  bool search = true;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--endpoint" && has_value) {
      target.endpoint = argv[++i];
    } else if (arg == "--ports" && has_value) {
      if (!parse_ports(argv[++i], target)) {
        std::cerr << "bench_trex_overhead: --ports wants two different ports A,B, got '" << argv[i]
                  << "'\n";
        return 2;
      }
    } else if (arg == "--unidirectional") {
      target.bidirectional = false;
    } else if (arg == "--frame-size" && has_value) {
      target.frame_size = static_cast<std::uint32_t>(std::atoi(argv[++i]));
    } else if (arg == "--counters" && has_value) {
      const std::string counters = argv[++i];
      if (counters != "flow_stats" && counters != "port") {
        std::cerr << "bench_trex_overhead: --counters is flow_stats or port, got '" << counters
                  << "'\n";
        return 2;
      }
      target.counters = counters == "port" ? trexsearch::trex::CounterSource::port
                                           : trexsearch::trex::CounterSource::flow_stats;
    } else if (arg == "--force") {
      target.force_acquire = true;
    } else if (arg == "--no-force-start") {
      target.force_start = false;
    } else if (arg == "--tx-poll-interval" && has_value) {
      target.tx_poll_interval_s = std::atof(argv[++i]);
    } else if (arg == "--trials" && has_value) {
      overhead.trials = std::atoi(argv[++i]);
    } else if (arg == "--duration" && has_value) {
      overhead.duration_s = std::atof(argv[++i]);
    } else if (arg == "--load-pps" && has_value) {
      overhead.load_pps = std::atof(argv[++i]);
    } else if (arg == "--alternate-load-pps" && has_value) {
      overhead.alternate_load_pps = std::atof(argv[++i]);
    } else if (arg == "--search-speed" && has_value) {
      search_run.speed = std::atof(argv[++i]);
    } else if (arg == "--min-load" && has_value) {
      search_run.min_load_pps = std::atof(argv[++i]);
    } else if (arg == "--max-load" && has_value) {
      search_run.max_load_pps = std::atof(argv[++i]);
    } else if (arg == "--no-search") {
      search = false;
    } else if (arg == "--per-trial") {
      overhead.per_trial = true;
    } else {
      std::cerr << usage_text;
      return 2;
    }
  }
  if (overhead.trials < 0 || !(overhead.duration_s > 0.0) || !(overhead.load_pps > 0.0) ||
      (overhead.alternate_load_pps && !(*overhead.alternate_load_pps > 0.0)) ||
      !(search_run.speed > 0.0) || !(search_run.min_load_pps > 0.0) ||
      !(search_run.max_load_pps > search_run.min_load_pps)) {
    std::cerr << "bench_trex_overhead: --trials must be >= 0; --duration, --load-pps, "
                 "--alternate-load-pps, "
                 "--search-speed and --min-load > 0; --max-load > --min-load\n"
              << usage_text;
    return 2;
  }
  try {
    if (overhead.trials > 0) run_control_overhead(target, overhead, std::cout);
    if (search) run_search_efficiency(target, search_run, std::cout);
  } catch (const std::exception& error) {
    std::cerr << "bench_trex_overhead: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
