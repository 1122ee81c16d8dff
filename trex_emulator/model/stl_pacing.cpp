// StlState's transmit pacing: --max-tx-pps is the fastest a port sends, whatever
// its profiles ask for. Above it TRex's DP cores fall behind and shift everything
// later, stop included: every frame is sent, over a longer time (trex-protocol.md
// §5.5, real-trex-stand.md "Stretching"). The runs of one port share the ceiling in
// proportion to their demand; other ports are not affected.
#include <algorithm>

#include "trex_client/profile/line_rate.hpp"
#include "trex_emulator/model/stl_state.hpp"

namespace trexsearch::trex::emu {

double StlState::pace_for(const PortDemand& demand) const {
  double pace = 1.0;
  if (options_.max_tx_pps && demand.pps > *options_.max_tx_pps) {
    pace = *options_.max_tx_pps / demand.pps;
  }
  // Within TRex's own slack the line rate is taken as met.
  if (demand.l1_bps > link_bps() * trex_line_rate_slack)
    pace = std::min(pace, link_bps() / demand.l1_bps);
  return pace;
}

StlState::PortDemand StlState::port_demand(const Port& port, PortDemand extra) const {
  PortDemand demand = extra;
  for (const auto& [id, profile] : port.profiles) {
    if (!profile.run) continue;
    demand.pps += profile.run->demand_pps;
    demand.l1_bps += l1_bps(profile.run->demand_pps, profile.run->bytes_per_packet);
  }
  return demand;
}

void StlState::repace_port(std::uint8_t port_id, measure::Seconds at) {
  Port& port = ports_[port_id];
  const double pace = pace_for(port_demand(port, PortDemand{}));
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
