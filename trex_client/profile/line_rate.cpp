#include "trex_client/profile/line_rate.hpp"

namespace trexsearch::trex {

double mean_frame_bytes(const TrafficProfile& profile) {
  double weighted = 0.0;
  double weights = 0.0;
  for (const FrameShare& share : profile.frame_sizes) {
    weighted += static_cast<double>(share.frame_size) * share.weight;
    weights += share.weight;
  }
  return weights > 0.0 ? weighted / weights : 64.0;
}

double LineRate::line_rate_pps() const { return pps_from_l1_bps(port_bps); }

double LineRate::l1_bps(double pps) const { return pps * (frame_bytes + kL1OverheadBytes) * 8.0; }

double LineRate::l2_bps(double pps) const { return pps * frame_bytes * 8.0; }

double LineRate::percent(double pps) const { return 100.0 * l1_bps(pps) / port_bps; }

double LineRate::pps_from_l1_bps(double bps) const {
  return bps / ((frame_bytes + kL1OverheadBytes) * 8.0);
}

double LineRate::pps_from_l2_bps(double bps) const { return bps / (frame_bytes * 8.0); }

double LineRate::pps_from_percent(double percent) const {
  return pps_from_l1_bps(port_bps * percent / 100.0);
}

}  // namespace trexsearch::trex
