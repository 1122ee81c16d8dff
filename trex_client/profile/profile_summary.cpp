#include "trex_client/profile/profile_summary.hpp"

#include <algorithm>
#include <variant>

#include "trex_client/profile/line_rate.hpp"

namespace trexsearch::trex {
namespace {

std::uint64_t range_values(std::uint64_t min, std::uint64_t max, std::uint64_t step) {
  return (max - min) / std::max<std::uint64_t>(step, 1) + 1;
}

struct Describe {
  StreamSummary& summary;

  void operator()(const FlowVar& var) const {
    if (var.value_list) {
      summary.varies.push_back({var.name, "list", var.value_list->size()});
    } else if (var.op == FlowVarOp::random) {
      summary.varies.push_back({var.name, "random", range_values(var.min_value, var.max_value, 1)});
    } else {
      summary.varies.push_back(
          {var.name, to_string(var.op), range_values(var.min_value, var.max_value, var.step)});
    }
  }
  void operator()(const FlowVarRandLimit& var) const {
    summary.varies.push_back({var.name, "random, repeated", var.limit});
  }
  void operator()(const TupleFlowVar& var) const {
    const std::uint64_t all = (std::uint64_t{var.ip_max} - var.ip_min + 1) *
                              (std::uint64_t{var.port_max} - var.port_min + 1);
    summary.varies.push_back(
        {var.name, "ip x port",
         var.limit_flows > 0 ? std::min<std::uint64_t>(var.limit_flows, all) : all});
  }
  void operator()(const TrimPktSize&) const { summary.frame_bytes.reset(); }
  void operator()(const FixChecksumIpv4&) const { summary.checksums.emplace_back("ipv4"); }
  void operator()(const FixChecksumHw&) const { summary.checksums.emplace_back("hw"); }
  void operator()(const FixChecksumIcmpv6&) const { summary.checksums.emplace_back("icmpv6"); }
  void operator()(const WriteFlowVar&) const {}
  void operator()(const WriteMaskFlowVar&) const {}
};

StreamSummary summarize_stream(const StreamSpec& stream, double port_weight) {
  StreamSummary summary;
  summary.name = stream.name;
  summary.frame_bytes = stream.wire_frame_bytes();
  summary.share = port_weight > 0.0 ? stream.mode.rate.value / port_weight : 0.0;
  for (const VmInstruction& instruction : stream.vm) std::visit(Describe{summary}, instruction);
  if (summary.frame_bytes) summary.l1_bits = (*summary.frame_bytes + kL1OverheadBytes) * 8.0;
  return summary;
}

}  // namespace

ProfileSummary summarize_profile(const TrafficProfile& profile, CounterSource counters) {
  const CompiledProfile compiled = compile_profile(profile, counters);
  ProfileSummary summary;
  summary.name = profile.name;
  summary.counters = counters;
  summary.mean_frame_bytes = mean_frame_bytes(profile);
  summary.latency = compiled.has_latency();
  summary.native = profile.trex_streams.has_value();
  for (std::size_t i = 0; i < compiled.directions.size(); ++i) {
    // compile_profile puts each direction's main streams at the same index.
    const PortStreams& port = compiled.ports[i];
    double weight = 0.0;
    // Every compiled main stream's rate is its pps weight.
    for (const StreamSpec& stream : port.streams) weight += stream.mode.rate.value;
    DirectionSummary direction{compiled.directions[i], {}};
    for (const StreamSpec& stream : port.streams) {
      direction.streams.push_back(summarize_stream(stream, weight));
    }
    summary.directions.push_back(std::move(direction));
  }
  return summary;
}

}  // namespace trexsearch::trex
