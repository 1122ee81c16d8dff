#include "trex_client/profile/line_rate.hpp"

#include "measure/errors.hpp"
#include "trex_client/profile/native_streams.hpp"

namespace trexsearch::trex {

std::optional<double> mean_frame_bytes(const TrafficProfile& profile) {
  if (profile.trex_streams) return native_mean_frame_bytes(profile);
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

std::optional<std::string> max_load_above_line_rate(double max_load_pps, const LineRate& line) {
  // TRex itself refuses more than that without force.
  if (max_load_pps <= line.line_rate_pps() * trex_line_rate_slack) return std::nullopt;
  return "max_load = " + measure::format_value(max_load_pps) + " pps (" +
         measure::format_value(line.percent(max_load_pps)) +
         " % of line rate) is above the line rate of the profile's ports: " +
         measure::format_value(line.port_bps / 1e9) + " Gbit/s carries at most " +
         measure::format_value(line.line_rate_pps()) + " frames/s of " +
         measure::format_value(line.frame_bytes) + " B (+20 B preamble and gap each)";
}

}  // namespace trexsearch::trex
