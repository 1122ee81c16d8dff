#include "bench/trex_client/control_overhead.hpp"

#include <cstdio>
#include <vector>

#include "bench/trex_client/bench_rig.hpp"

namespace trexsearch::trex::bench {

void run_control_overhead(int trials, double duration_s, std::ostream& out) {
  BenchRig rig(1.0, 1e7);
  std::vector<double> overhead_ms;
  std::vector<double> settle_ms;
  std::vector<double> detect_ms;
  std::vector<double> exchanges;
  const Seconds duration{duration_s};
  for (int i = 0; i < trials; ++i) {
    rig.measurer->measure(duration, 1e5, {});
    const TrialRecord& record = rig.measurer->last_trial();
    overhead_ms.push_back(record.control_overhead.count() * 1e3);
    settle_ms.push_back(record.settle_time.count() * 1e3);
    detect_ms.push_back((record.tx_time - duration).count() * 1e3);
    exchanges.push_back(static_cast<double>(record.rpc_exchanges));
  }
  char line[256];
  out << "## Control overhead per trial (real time, emulator on loopback)\n\n";
  std::snprintf(line, sizeof line,
                "%d trials of %.0f ms at 100 kpps per direction, 2 directions\n\n", trials,
                duration_s * 1e3);
  out << line;
  out << "| figure | median | p90 | max |\n|---|---|---|---|\n";
  auto row = [&](const char* name, const std::vector<double>& values, const char* unit) {
    std::snprintf(line, sizeof line, "| %s | %.3f %s | %.3f %s | %.3f %s |\n", name,
                  quantile(values, 0.5), unit, quantile(values, 0.9), unit, quantile(values, 1.0),
                  unit);
    out << line;
  };
  row("control overhead (wall - duration - settle)", overhead_ms, "ms");
  row("of which TX-end detection lag", detect_ms, "ms");
  row("settle wait", settle_ms, "ms");
  row("RPC exchanges", exchanges, "");
  out << "\n";
}

}  // namespace trexsearch::trex::bench
