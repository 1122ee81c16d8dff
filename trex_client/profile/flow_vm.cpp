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

FieldSite site_of(FlowField field, const HeaderStack& headers, const PacketLayout& layout) {
  switch (field) {
    case FlowField::src_ip:
    case FlowField::dst_ip: {
      const bool src = field == FlowField::src_ip;
      const std::uint16_t offset = src ? layout.ip_src_offset() : layout.ip_dst_offset();
      if (const auto* v4 = std::get_if<Ipv4Header>(&headers.ip)) {
        return {4, (src ? v4->src : v4->dst).value, offset};
      }
      const auto& v6 = std::get<Ipv6Header>(headers.ip);
      // The low 32 bits of the address: the field engine's widest useful variable.
      return {4, low32(src ? v6.src : v6.dst), static_cast<std::uint16_t>(offset + 12)};
    }
    // TCP's ports sit where UDP's do.
    case FlowField::src_port:
      return {2, headers.tcp ? headers.tcp->src_port : headers.udp.src_port,
              layout.udp_src_offset()};
    case FlowField::dst_port:
      return {2, headers.tcp ? headers.tcp->dst_port : headers.udp.dst_port,
              layout.udp_dst_offset()};
  }
  return {4, 0, 0};
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
  bool ip_varies = false;
  std::vector<FlowField> seen;
  for (FlowField field : flows.vary) {
    if (std::find(seen.begin(), seen.end(), field) != seen.end()) continue;
    seen.push_back(field);
    ip_varies = ip_varies || field == FlowField::src_ip || field == FlowField::dst_ip;
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
    var.name = to_string(field);
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
  // IPv6 UDP checksums are mandatory and cover the addresses and ports, so the NIC
  // must fix them; IPv4 in software mode only needs its header checksum, and only
  // when an address changed (its UDP checksum is 0).
  if (layout.ipv6 || checksum == ChecksumMode::hardware) {
    FixChecksumHw fix;
    fix.l2_len = layout.l2_len;
    fix.l3_len = layout.l3_len;
    fix.l4_type = layout.tcp ? FixChecksumHw::l4_tcp : FixChecksumHw::l4_udp;
    program.emplace_back(fix);
  } else if (ip_varies) {
    FixChecksumIpv4 fix;
    fix.pkt_offset = layout.l3_offset();
    program.emplace_back(fix);
  }
  return program;
}

}  // namespace trexsearch::trex
