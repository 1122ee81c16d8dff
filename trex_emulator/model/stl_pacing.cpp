// StlState's transmit pacing: --max-tx-pps is the fastest a port sends, whatever
// its profiles ask for. Above it TRex's DP cores fall behind and shift everything
// later, stop included: every frame is sent, over a longer time (trex-protocol.md
// §5.5, real-trex-stand.md "Stretching"). The runs of one port share the ceiling in
// proportion to their demand; other ports are not affected.
#include <algorithm>

#include "trex_emulator/model/stl_state.hpp"

namespace trexsearch::trex::emu {

double StlState::pace_for(double demand_pps) const {
  if (!options_.max_tx_pps || demand_pps <= *options_.max_tx_pps) return 1.0;
  return *options_.max_tx_pps / demand_pps;
}

double StlState::port_demand(const Port& port) const {
  double demand = 0.0;
  for (const auto& [id, profile] : port.profiles) {
    if (profile.run) demand += profile.run->demand_pps;
  }
  return demand;
}

void StlState::repace_port(std::uint8_t port_id, measure::Seconds at) {
  Port& port = ports_[port_id];
  const double pace = pace_for(port_demand(port));
  for (auto& [id, profile] : port.profiles) {
    if (!profile.run || profile.run->pace == pace) continue;
    Run& run = *profile.run;
    if (run.unbounded) {
      // What went out so far went out at the old pace.
      account_unbounded(port_id, run, at);
    } else if (run.delivery && at < run.tx_end) {
      // The frames left take longer (or less long) at the new pace. The SUT's
      // outcome was drawn when the run started; only the timing changes (from when
      // its first frame leaves, for a run started in the same batch).
      const measure::Seconds from = std::max(at, run.start);
      run.tx_end = from + (run.tx_end - from) * (run.pace / pace);
      run.delivery = counters_->repace(*run.delivery, from, run.tx_end);
    }
    run.tx_pps *= pace / run.pace;
    run.pace = pace;
  }
}

}  // namespace trexsearch::trex::emu
