#include "trex_emulator/model/traffic_plan.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <utility>

#include "trex_client/profile/line_rate.hpp"
#include "trex_emulator/model/rpc_fault.hpp"

namespace trexsearch::trex::emu {
namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

struct Rates {
  double pps = 0.0;
  double bps_l2 = 0.0;
  double bps_l1 = 0.0;
};

// TRex streams doubles with the default ostream format in these messages.
std::string plain(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

// How long a stream sends at `pps`, and how many frames, before it ends by itself.
std::pair<double, double> budget(const EmulatedStream& stream, double pps) {
  const double isg = stream.isg_us * 1e-6;
  switch (stream.mode) {
    case EmulatedStream::Mode::continuous:
      return {infinity, infinity};
    case EmulatedStream::Mode::single_burst:
      return {isg + stream.total_pkts / pps, stream.total_pkts};
    case EmulatedStream::Mode::multi_burst:
      if (stream.burst_count == 0) return {infinity, infinity};
      return {isg + stream.burst_count * (stream.pkts_per_burst / pps) +
                  (stream.burst_count - 1) * stream.ibg_us * 1e-6,
              static_cast<double>(stream.burst_count) * stream.pkts_per_burst};
  }
  return {infinity, infinity};
}

/// The streams' base rates: latency streams (fixed, they keep their rate) apart
/// from the others (scaled by the multiplier).
std::pair<Rates, Rates> base_rates(const std::map<std::uint32_t, EmulatedStream>& streams,
                                   double link_bps) {
  Rates variable;
  Rates fixed;
  for (const auto& [id, stream] : streams) {
    if (!stream.transmits()) continue;
    Rates& rates = stream.latency ? fixed : variable;
    const double pps = stream.base_pps(link_bps);
    rates.pps += pps;
    rates.bps_l2 += pps * stream.frame_bytes() * 8.0;
    rates.bps_l1 += pps * (stream.frame_bytes() + 20.0) * 8.0;
  }
  return {variable, fixed};
}

/// The factor the variable streams are scaled by. Latency streams keep their rate;
/// the request must at least cover them (TrexStreamsGraphObj::get_factor_*).
double multiplier_factor(const MultiplierRequest& multiplier, const Rates& variable,
                         const Rates& fixed, double link_bps) {
  const double value = multiplier.value;
  auto variable_factor = [&](double requested, double fixed_part, double variable_part,
                             const char* unit) {
    if (requested < fixed_part) {
      throw_execute_error("current stream configuration enforces a minimum rate of '" +
                          plain(fixed_part) + "' " + unit);
    }
    return variable_part > 0.0 ? (requested - fixed_part) / variable_part : 1.0;
  };
  if (multiplier.type == "raw") return value;
  if (multiplier.type == "pps") return variable_factor(value, fixed.pps, variable.pps, "pps");
  if (multiplier.type == "bps") {
    return variable_factor(value, fixed.bps_l2, variable.bps_l2, "BPS L2");
  }
  if (multiplier.type == "bpsl1") {
    return variable_factor(value, fixed.bps_l1, variable.bps_l1, "BPS L1");
  }
  return variable_factor(value / 100.0 * link_bps, fixed.bps_l1, variable.bps_l1, "BPS L1");
}

/// TRex's checks of the resulting rate: positive, and within line rate unless forced.
void check_expected_rate(double factor, const Rates& variable, const Rates& fixed, double link_bps,
                         bool force) {
  const double expected_l1 = factor * variable.bps_l1 + fixed.bps_l1;
  if (expected_l1 <= 0.0) {
    throw_execute_error(
        "Effective bandwidth is zero, this means that your dpdk driver does not know the link "
        "throughput (virtual), please use absolute bandwidth  " +
        plain(expected_l1));
  }
  if (factor <= 0.0) throw_execute_error("Factor must be positive, got: " + plain(factor));
  if (!force && expected_l1 / link_bps > trex_line_rate_slack) {
    throw_execute_error("Expected L1 B/W: '" + plain(expected_l1 / 1e9) +
                        " Gbps' exceeds port line rate: '" + plain(link_bps / 1e9) + " Gbps'");
  }
}

/// Each stream's rate and frames; the profile ends at the duration, or when its last
/// burst is done.
void plan_streams(const std::map<std::uint32_t, EmulatedStream>& streams, double link_bps,
                  measure::Seconds duration, TrafficPlan& plan) {
  double natural = 0.0;
  bool all_finite = true;
  for (const auto& [id, stream] : streams) {
    if (!stream.transmits()) continue;
    PlannedStream planned;
    if (stream.flow_stats) planned.pg_id = stream.pg_id;
    planned.pps =
        stream.latency ? stream.base_pps(link_bps) : stream.base_pps(link_bps) * plan.factor;
    planned.frame_bytes = stream.frame_bytes();
    const auto [time, frames] = budget(stream, planned.pps);
    planned.frames = frames;
    all_finite = all_finite && std::isfinite(time);
    plan.all_continuous = plan.all_continuous && stream.mode == EmulatedStream::Mode::continuous;
    natural = std::max(natural, time);
    plan.streams.push_back(planned);
  }
  const double limit = duration.count() > 0.0 ? duration.count() : infinity;
  plan.tx_time = measure::Seconds{all_finite ? std::min(natural, limit) : limit};
  if (!std::isfinite(plan.tx_time.count())) {
    for (PlannedStream& planned : plan.streams) planned.frames = infinity;
    return;
  }
  // A stream sends until its bursts are done or the profile ends, whichever is first
  // (all bursts done: exactly their frames, not a product that may round below).
  const bool bursts_done = all_finite && natural <= limit;
  for (PlannedStream& planned : plan.streams) {
    if (!bursts_done) planned.frames = std::min(planned.pps * plan.tx_time.count(), planned.frames);
    plan.frames += planned.frames;
  }
}

}  // namespace

TrafficPlan plan_traffic(const std::map<std::uint32_t, EmulatedStream>& streams,
                         const MultiplierRequest& multiplier, double link_bps, bool force,
                         measure::Seconds duration) {
  const auto [variable, fixed] = base_rates(streams, link_bps);
  const double factor = multiplier_factor(multiplier, variable, fixed, link_bps);
  check_expected_rate(factor, variable, fixed, link_bps, force);

  TrafficPlan plan;
  plan.factor = factor;
  // A pps multiplier is the port's total: keep the requested value exactly, so that
  // the simulated SUT sees precisely the load the client asked for.
  plan.total_pps = multiplier.type == "pps" ? multiplier.value : factor * variable.pps + fixed.pps;
  const double l2 = factor * variable.bps_l2 + fixed.bps_l2;
  plan.bytes_per_packet = plan.total_pps > 0.0 ? l2 / 8.0 / plan.total_pps : 64.0;
  plan_streams(streams, link_bps, duration, plan);
  return plan;
}

}  // namespace trexsearch::trex::emu
