#include "trex_client/profile/compiled_profile.hpp"

#include <algorithm>
#include <set>

#include "measure/errors.hpp"
#include "trex_client/profile/flow_vm.hpp"
#include "trex_client/profile/latency_streams.hpp"
#include "trex_client/profile/native_streams.hpp"
#include "trex_client/profile/packet_builder.hpp"

namespace trexsearch::trex {
namespace {

constexpr std::uint32_t min_frame = 64;
constexpr std::uint32_t max_frame = 9000;

std::vector<StreamSpec> streams_for(const TrafficProfile& profile, std::uint8_t port,
                                    const HeaderStack& headers, const FlowSpec& flows,
                                    std::optional<std::uint32_t> pg_id) {
  const VmProgram vm = build_flow_vm(flows, headers, profile.checksum);
  std::vector<StreamSpec> streams;
  for (const FrameShare& share : profile.frame_sizes) {
    StreamSpec stream;
    stream.name = (profile.name.empty() ? std::string("profile") : profile.name) + "/port" +
                  std::to_string(port) + "/" + std::to_string(share.frame_size) + "B";
    stream.packet = build_packet(headers, share.frame_size, profile.checksum);
    if (headers.ethernet.src) stream.flags |= StreamSpec::flag_src_mac_from_packet;
    if (headers.ethernet.dst) stream.flags |= StreamSpec::flag_dst_mac_from_packet;
    stream.mode.type = StreamModeType::continuous;
    stream.mode.rate = {RateType::pps, static_cast<double>(share.weight)};
    stream.vm = vm;
    if (pg_id) stream.flow_stats = {true, *pg_id, "stats"};
    streams.push_back(std::move(stream));
  }
  return streams;
}

}  // namespace

const char* to_string(FlowField field) {
  switch (field) {
    case FlowField::src_ip:
      return "src_ip";
    case FlowField::dst_ip:
      return "dst_ip";
    case FlowField::src_port:
      return "src_port";
    case FlowField::dst_port:
      return "dst_port";
    case FlowField::inner_src_ip:
      return "inner.src_ip";
    case FlowField::inner_dst_ip:
      return "inner.dst_ip";
    case FlowField::inner_src_port:
      return "inner.src_port";
    case FlowField::inner_dst_port:
      return "inner.dst_port";
  }
  return "src_ip";
}

bool is_inner(FlowField field) {
  return field == FlowField::inner_src_ip || field == FlowField::inner_dst_ip ||
         field == FlowField::inner_src_port || field == FlowField::inner_dst_port;
}

bool CompiledProfile::has_latency() const {
  return !directions.empty() &&
         std::all_of(directions.begin(), directions.end(), [](const TrafficDirection& direction) {
           return direction.latency.has_value();
         });
}

std::vector<std::uint8_t> CompiledProfile::all_ports() const {
  std::set<std::uint8_t> ids;
  for (const TrafficDirection& direction : directions) {
    ids.insert(direction.tx_port);
    ids.insert(direction.rx_port);
  }
  return {ids.begin(), ids.end()};
}

namespace {

void swap_addresses(std::variant<Ipv4Header, Ipv6Header>& ip) {
  if (auto* v4 = std::get_if<Ipv4Header>(&ip)) {
    std::swap(v4->src, v4->dst);
  } else {
    auto& v6 = std::get<Ipv6Header>(ip);
    std::swap(v6.src, v6.dst);
  }
}

FlowField reversed(FlowField field, bool ports_stay) {
  switch (field) {
    case FlowField::src_ip:
      return FlowField::dst_ip;
    case FlowField::dst_ip:
      return FlowField::src_ip;
    case FlowField::src_port:
      return ports_stay ? field : FlowField::dst_port;
    case FlowField::dst_port:
      return ports_stay ? field : FlowField::src_port;
    case FlowField::inner_src_ip:
      return FlowField::inner_dst_ip;
    case FlowField::inner_dst_ip:
      return FlowField::inner_src_ip;
    case FlowField::inner_src_port:
      return FlowField::inner_dst_port;
    case FlowField::inner_dst_port:
      return FlowField::inner_src_port;
  }
  return field;
}

}  // namespace

HeaderStack mirror(const HeaderStack& headers) {
  HeaderStack reverse = headers;
  std::swap(reverse.ethernet.src, reverse.ethernet.dst);
  swap_addresses(reverse.ip);
  // VXLAN's outer UDP goes to port 4789 both ways.
  if (!headers.is_vxlan()) std::swap(reverse.udp.src_port, reverse.udp.dst_port);
  if (reverse.tcp) std::swap(reverse.tcp->src_port, reverse.tcp->dst_port);
  if (reverse.tunnel) {
    InnerHeaders& inner = reverse.tunnel->inner;
    if (inner.ethernet) std::swap(inner.ethernet->src, inner.ethernet->dst);
    swap_addresses(inner.ip);
    std::swap(inner.udp.src_port, inner.udp.dst_port);
    if (inner.tcp) std::swap(inner.tcp->src_port, inner.tcp->dst_port);
  }
  return reverse;
}

FlowSpec mirror(const FlowSpec& flows, const HeaderStack& headers) {
  FlowSpec reverse = flows;
  for (FlowField& field : reverse.vary) field = reversed(field, headers.is_vxlan());
  return reverse;
}

namespace {

/// Port pairs: at least one, two different ports each, no port in two pairs.
void validate_port_pairs(const std::vector<PortPair>& pairs) {
  if (pairs.empty()) {
    throw measure::ConfigError("port_pairs", "[]", "needs at least one port pair");
  }
  std::set<std::uint8_t> used;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const PortPair& pair = pairs[i];
    const std::string field = "port_pairs[" + std::to_string(i) + "].ports";
    const std::string value =
        "[" + std::to_string(pair.first) + ", " + std::to_string(pair.second) + "]";
    if (pair.first == pair.second) {
      throw measure::ConfigError(field, value, "a pair needs two different ports");
    }
    for (std::uint8_t port : {pair.first, pair.second}) {
      if (!used.insert(port).second) {
        throw measure::ConfigError(field, value,
                                   "port " + std::to_string(port) + " is already in another pair");
      }
    }
  }
}

/// Every frame size (one, or an IMIX's) fits the headers and the maximum frame.
void validate_frame_sizes(const TrafficProfile& profile) {
  if (profile.frame_sizes.empty()) {
    throw measure::ConfigError("frame_size", "(missing)", "needs a frame size or an IMIX");
  }
  const std::uint32_t needed = std::max(min_frame, min_frame_size(profile.headers));
  for (std::size_t i = 0; i < profile.frame_sizes.size(); ++i) {
    const FrameShare& share = profile.frame_sizes[i];
    const std::string where =
        profile.frame_sizes.size() == 1 ? "frame_size" : "imix[" + std::to_string(i) + "]";
    if (share.frame_size < needed || share.frame_size > max_frame) {
      throw measure::ConfigError(
          profile.frame_sizes.size() == 1 ? where : where + ".frame_size",
          std::to_string(share.frame_size),
          "must be in [" + std::to_string(needed) + ", " + std::to_string(max_frame) +
              "] bytes (incl. FCS)" +
              (needed > min_frame ? "; these headers need " + std::to_string(needed) : ""));
    }
    if (share.weight == 0) {
      // Only an imix entry can have a weight other than 1.
      throw measure::ConfigError("imix[" + std::to_string(i) + "].weight", "0", "must be > 0");
    }
  }
}

/// The flows: checksums the NIC must fix, a count, and the field engine's own
/// range and field checks in both directions.
void validate_flows(const TrafficProfile& profile) {
  // Varied fields under a mandatory L4 checksum need the NIC to fix it. In a tunnel
  // that is the inner packet's; the outer one carries none (VXLAN's UDP checksum is 0).
  const bool l4_packet_varies =
      profile.flows.count > 1 &&
      (!profile.headers.tunnel ||
       std::any_of(profile.flows.vary.begin(), profile.flows.vary.end(), is_inner));
  if (profile.checksum == ChecksumMode::software && l4_packet_varies &&
      profile.headers.l4_checksum_mandatory()) {
    throw measure::ConfigError(
        "checksum", "software",
        "TCP checksums and UDP checksums over IPv6 are mandatory and cover the addresses and "
        "ports; use \"hardware\" to vary these flows");
  }
  if (profile.flows.count == 0) {
    throw measure::ConfigError("flows.count", "0", "must be >= 1");
  }
  build_flow_vm(profile.flows, profile.headers, profile.checksum);
  const bool any_bidirectional =
      std::any_of(profile.port_pairs.begin(), profile.port_pairs.end(),
                  [](const PortPair& pair) { return pair.bidirectional; });
  if (any_bidirectional) {
    build_flow_vm(mirror(profile.flows, profile.headers), mirror(profile.headers),
                  profile.checksum);
  }
}

std::size_t direction_count(const std::vector<PortPair>& pairs) {
  std::size_t count = 0;
  for (const PortPair& pair : pairs) count += pair.bidirectional ? 2 : 1;
  return count;
}

}  // namespace

void validate_profile(const TrafficProfile& profile) {
  validate_port_pairs(profile.port_pairs);
  if (profile.trex_streams) {
    if (profile.latency) {
      throw measure::ConfigError("latency", "{...}",
                                 "latency streams with trex_streams are not supported yet: "
                                 "leave the latency section out");
    }
    validate_native_streams(profile);
    return;
  }
  validate_frame_sizes(profile);
  validate_flows(profile);
  validate_latency(profile, direction_count(profile.port_pairs));
}

const char* to_string(CounterSource source) {
  return source == CounterSource::port ? "port" : "flow_stats";
}

std::string TrafficDirection::name() const {
  return std::to_string(tx_port) + "->" + std::to_string(rx_port);
}

std::uint32_t stats_pg_id(std::size_t direction_index) {
  return static_cast<std::uint32_t>(direction_index + 1);
}

CompiledProfile compile_profile(const TrafficProfile& profile, CounterSource counters) {
  validate_profile(profile);
  if (profile.trex_streams && counters == CounterSource::flow_stats) {
    check_native_flow_stats(profile);
  }
  if (!profile.trex_streams && counters == CounterSource::flow_stats &&
      !profile.headers.mpls.empty()) {
    std::string labels;
    for (const MplsLabel& entry : profile.headers.mpls) {
      labels += (labels.empty() ? "" : ", ") + std::to_string(entry.label);
    }
    throw measure::ConfigError(
        "mpls", "labels [" + labels + "]",
        "TRex's per-stream counters (flow_stats) cannot find the IP header behind MPLS labels "
        "(TRex: \"NIC does not support MPLS\"); count with port counters instead "
        "(\"counters\": \"port\" in the job's measurer)");
  }
  CompiledProfile compiled;
  const HeaderStack reverse_headers = mirror(profile.headers);
  const FlowSpec reverse_flows = mirror(profile.flows, profile.headers);
  auto add = [&](std::uint8_t tx, std::uint8_t rx, const HeaderStack& headers,
                 const FlowSpec& flows) {
    std::optional<std::uint32_t> pg_id;
    if (counters == CounterSource::flow_stats) pg_id = stats_pg_id(compiled.directions.size());
    compiled.directions.push_back({tx, rx, pg_id});
    compiled.ports.push_back({tx, profile.trex_streams
                                      ? native_streams_for(*profile.trex_streams, tx, pg_id)
                                      : streams_for(profile, tx, headers, flows, pg_id)});
  };
  std::vector<HeaderStack> direction_headers;
  for (const PortPair& pair : profile.port_pairs) {
    add(pair.first, pair.second, profile.headers, profile.flows);
    direction_headers.push_back(profile.headers);
    if (pair.bidirectional) {
      add(pair.second, pair.first, reverse_headers, reverse_flows);
      direction_headers.push_back(reverse_headers);
    }
  }
  if (profile.latency) {
    // In their own TRex profile, so plain trials never start them (§2.4 step 3,
    // CSIT's way) and a latency trial can start them alone.
    for (std::size_t i = 0; i < compiled.directions.size(); ++i) {
      TrafficDirection& direction = compiled.directions[i];
      const std::uint32_t pg_id = profile.latency->pg_id_base + static_cast<std::uint32_t>(i);
      direction.latency = LatencyStreamRef{pg_id, profile.latency->rate_pps};
      compiled.ports.push_back(
          {direction.tx_port,
           {build_latency_stream(profile, direction_headers[i], direction.tx_port, pg_id)},
           latency_profile_id});
    }
  }
  return compiled;
}

}  // namespace trexsearch::trex
