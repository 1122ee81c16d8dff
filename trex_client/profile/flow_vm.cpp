#include "trex_client/profile/flow_vm.hpp"

#include <algorithm>

#include "measure/errors.hpp"

namespace trexsearch::trex {
namespace {

struct FieldSite {
  std::uint8_t size_bytes;
  std::uint64_t base;
  std::uint16_t offset;
};

std::uint32_t low32(const Ipv6Address& address) {
  return (static_cast<std::uint32_t>(address[12]) << 24) |
         (static_cast<std::uint32_t>(address[13]) << 16) |
         (static_cast<std::uint32_t>(address[14]) << 8) | address[15];
}

struct IpFields {
  const std::variant<Ipv4Header, Ipv6Header>* ip = nullptr;
  const UdpHeader* udp = nullptr;
  const TcpHeader* tcp = nullptr;
  IpLayout at;
};

// The IP packet a field belongs to: the outer (or only) one, or the tunnel's inner one.
IpFields packet_of(FlowField field, const HeaderStack& headers, const PacketLayout& layout) {
  if (is_inner(field)) {
    const InnerHeaders& inner = headers.tunnel->inner;
    return {&inner.ip, &inner.udp, inner.tcp ? &*inner.tcp : nullptr, *layout.inner};
  }
  return {&headers.ip, &headers.udp, layout.tcp ? &*headers.tcp : nullptr, layout.outer()};
}

bool is_address(FlowField field) {
  return field == FlowField::src_ip || field == FlowField::dst_ip ||
         field == FlowField::inner_src_ip || field == FlowField::inner_dst_ip;
}

bool is_source(FlowField field) {
  return field == FlowField::src_ip || field == FlowField::src_port ||
         field == FlowField::inner_src_ip || field == FlowField::inner_src_port;
}

FieldSite site_of(FlowField field, const HeaderStack& headers, const PacketLayout& layout) {
  const IpFields packet = packet_of(field, headers, layout);
  const bool src = is_source(field);
  if (is_address(field)) {
    const std::uint16_t offset = src ? packet.at.src_offset() : packet.at.dst_offset();
    if (const auto* v4 = std::get_if<Ipv4Header>(packet.ip)) {
      return {4, (src ? v4->src : v4->dst).value, offset};
    }
    const auto& v6 = std::get<Ipv6Header>(*packet.ip);
    // The low 32 bits of the address: the field engine's widest useful variable.
    return {4, low32(src ? v6.src : v6.dst), static_cast<std::uint16_t>(offset + 12)};
  }
  const std::uint16_t port = packet.tcp ? (src ? packet.tcp->src_port : packet.tcp->dst_port)
                                        : (src ? packet.udp->src_port : packet.udp->dst_port);
  return {2, port, src ? packet.at.src_port_offset() : packet.at.dst_port_offset()};
}

// The checksum fixes after the writes. The packet whose L4 checksum covers what varied
// (the inner one of a tunnel, else the only one) has it fixed by the NIC when it is
// mandatory (IPv6, TCP) or the mode asks; otherwise only an IPv4 header whose
// addresses varied needs fixing (its UDP checksum is 0). Outside a tunnel's inner
// packet no L4 checksum covers a varied field: VXLAN's is 0 and GRE has none.
void add_checksum_fixes(VmProgram& program, const std::vector<FlowField>& varied,
                        const PacketLayout& layout, ChecksumMode checksum) {
  const auto any = [&varied](auto predicate) {
    return std::any_of(varied.begin(), varied.end(), predicate);
  };
  const bool inner_varies = any([](FlowField f) { return is_inner(f); });
  const bool inner_ip_varies = any([](FlowField f) { return is_inner(f) && is_address(f); });
  const bool outer_ip_varies = any([](FlowField f) { return !is_inner(f) && is_address(f); });
  const bool outer_varies = any([](FlowField f) { return !is_inner(f); });
  // The packet whose L4 checksum is sent.
  const IpLayout l4_packet = layout.inner ? *layout.inner : layout.outer();
  const bool l4_packet_varies = layout.inner ? inner_varies : outer_varies;
  const bool l4_packet_ip_varies = layout.inner ? inner_ip_varies : outer_ip_varies;
  if (layout.inner && outer_ip_varies && !layout.ipv6) {
    FixChecksumIpv4 fix;
    fix.pkt_offset = layout.l3_offset();
    program.emplace_back(fix);
  }
  if (!l4_packet_varies) return;
  if (l4_packet.ipv6 || l4_packet.tcp || checksum == ChecksumMode::hardware) {
    FixChecksumHw fix;
    fix.l2_len = l4_packet.l3_offset;
    fix.l3_len = l4_packet.l3_len();
    fix.l4_type = l4_packet.tcp ? FixChecksumHw::l4_tcp : FixChecksumHw::l4_udp;
    program.emplace_back(fix);
  } else if (l4_packet_ip_varies) {
    FixChecksumIpv4 fix;
    fix.pkt_offset = l4_packet.l3_offset;
    program.emplace_back(fix);
  }
}

}  // namespace

VmProgram build_flow_vm(const FlowSpec& flows, const HeaderStack& headers, ChecksumMode checksum) {
  VmProgram program;
  if (flows.count <= 1) return program;
  if (flows.vary.empty()) {
    throw measure::ConfigError(
        "flows.vary", "[]",
        "name at least one field to vary when flows.count is " + std::to_string(flows.count));
  }
  const PacketLayout layout = layout_of(headers);
  std::vector<FlowField> seen;
  for (FlowField field : flows.vary) {
    if (std::find(seen.begin(), seen.end(), field) != seen.end()) continue;
    if (is_inner(field) && !headers.tunnel) {
      throw measure::ConfigError("flows.vary", to_string(field),
                                 "names a tunnel's inner field, and the profile has no vxlan or "
                                 "gre section");
    }
    if (!is_inner(field) && !is_address(field) && headers.is_gre()) {
      throw measure::ConfigError("flows.vary", to_string(field),
                                 "GRE carries no ports outside its inner packet; vary inner." +
                                     std::string(to_string(field)) + " instead");
    }
    seen.push_back(field);
    const FieldSite site = site_of(field, headers, layout);
    const std::uint64_t field_max = site.size_bytes == 2 ? 0xFFFFu : 0xFFFFFFFFu;
    const std::uint64_t last = site.base + flows.count - 1;
    if (last > field_max) {
      throw measure::ConfigError("flows.count", std::to_string(flows.count),
                                 std::string(to_string(field)) + " starts at " +
                                     std::to_string(site.base) + " in its " +
                                     std::to_string(site.size_bytes * 8) +
                                     "-bit range, so the last flow would overflow it");
    }
    FlowVar var;
    // "inner.src_ip" -> "inner_src_ip": a plain identifier, as TRex's own programs use.
    var.name = to_string(field);
    std::replace(var.name.begin(), var.name.end(), '.', '_');
    var.size_bytes = site.size_bytes;
    var.op = flows.mode == FlowMode::random ? FlowVarOp::random : FlowVarOp::inc;
    var.init_value = site.base;
    var.min_value = site.base;
    var.max_value = last;
    var.step = 1;
    program.emplace_back(var);
    WriteFlowVar write;
    write.name = var.name;
    write.pkt_offset = site.offset;
    program.emplace_back(write);
  }
  add_checksum_fixes(program, seen, layout, checksum);
  return program;
}

}  // namespace trexsearch::trex
