#include "trex_client/codec/header_stack_codec.hpp"

#include "trex_client/codec/tcp_header_codec.hpp"

namespace trexsearch::trex::codec {
namespace {

// VXLAN's IANA port (RFC 7348 section 5), and a dynamic port for the outer source
// port, which VTEPs vary per flow for entropy (not 49152, the first dynamic port,
// which tcpdump decodes as Broadcom's LI shim instead of VXLAN).
constexpr std::uint16_t vxlan_port = 4789;
constexpr std::uint16_t vxlan_source_port = 50000;
// The inner frame's addresses when the profile names none: locally administered.
constexpr MacAddress inner_src_mac{0x02, 0, 0, 0, 0, 0x01};
constexpr MacAddress inner_dst_mac{0x02, 0, 0, 0, 0, 0x02};

MacAddress read_mac(const FieldReader& field) {
  const std::optional<MacAddress> mac = parse_mac(field.as_string());
  if (!mac) field.fail("not a MAC address (expected aa:bb:cc:dd:ee:ff)");
  return *mac;
}

EthernetHeader read_ethernet(const FieldReader& eth) {
  eth.reject_unknown({"src", "dst"});
  EthernetHeader header;
  if (eth.has("src")) header.src = read_mac(eth.at("src"));
  if (eth.has("dst")) header.dst = read_mac(eth.at("dst"));
  return header;
}

Json::Value encode_ethernet(const EthernetHeader& ethernet) {
  Json::Value eth(Json::objectValue);
  if (ethernet.src) eth["src"] = to_string(*ethernet.src);
  if (ethernet.dst) eth["dst"] = to_string(*ethernet.dst);
  return eth;
}

VlanTag read_vlan(const FieldReader& vlan) {
  vlan.reject_unknown({"id", "priority"});
  VlanTag tag;
  tag.id = static_cast<std::uint16_t>(vlan.u64("id", 4094));
  if (tag.id == 0) vlan.at("id").fail("must be in [1, 4094]");
  tag.priority = static_cast<std::uint8_t>(vlan.u64_or("priority", 0));
  if (tag.priority > 7) vlan.at("priority").fail("must be in [0, 7]");
  return tag;
}

Json::Value encode_vlan(const VlanTag& tag) {
  Json::Value vlan(Json::objectValue);
  vlan["id"] = Json::UInt{tag.id};
  vlan["priority"] = Json::UInt{tag.priority};
  return vlan;
}

std::vector<MplsLabel> read_mpls(const FieldReader& list) {
  if (list.array_size() == 0) {
    list.fail("needs at least one label, e.g. [{\"label\": 100}] (outermost first)");
  }
  std::vector<MplsLabel> labels;
  for (Json::ArrayIndex i = 0; i < list.array_size(); ++i) {
    const FieldReader entry = list.element(i);
    entry.reject_unknown({"label", "tc", "ttl"});
    MplsLabel label;
    label.label = static_cast<std::uint32_t>(entry.u64("label", 0xFFFFF));
    if (entry.has("tc")) label.tc = static_cast<std::uint8_t>(entry.u64("tc", 7));
    if (entry.has("ttl")) label.ttl = static_cast<std::uint8_t>(entry.u64("ttl", 255));
    labels.push_back(label);
  }
  return labels;
}

std::variant<Ipv4Header, Ipv6Header> read_ip(const FieldReader& root) {
  const bool v4 = root.has("ipv4");
  if (v4 == root.has("ipv6")) {
    root.fail(v4 ? "give ipv4 or ipv6, not both" : "needs an ipv4 or ipv6 header");
  }
  if (v4) {
    const FieldReader ip = root.at("ipv4");
    ip.reject_unknown({"src", "dst", "ttl", "dscp"});
    Ipv4Header header;
    const auto address = [](const FieldReader& field) {
      const std::optional<Ipv4Address> parsed = parse_ipv4(field.as_string());
      if (!parsed) field.fail("not an IPv4 address");
      return *parsed;
    };
    header.src = address(ip.at("src"));
    header.dst = address(ip.at("dst"));
    if (ip.has("ttl")) header.ttl = static_cast<std::uint8_t>(ip.u64("ttl", 255));
    if (ip.has("dscp")) header.dscp = static_cast<std::uint8_t>(ip.u64("dscp", 63));
    return header;
  }
  const FieldReader ip = root.at("ipv6");
  ip.reject_unknown({"src", "dst", "hop_limit", "traffic_class"});
  Ipv6Header header;
  const auto address = [](const FieldReader& field) {
    const std::optional<Ipv6Address> parsed = parse_ipv6(field.as_string());
    if (!parsed) field.fail("not an IPv6 address");
    return *parsed;
  };
  header.src = address(ip.at("src"));
  header.dst = address(ip.at("dst"));
  if (ip.has("hop_limit")) header.hop_limit = static_cast<std::uint8_t>(ip.u64("hop_limit", 255));
  if (ip.has("traffic_class")) {
    header.traffic_class = static_cast<std::uint8_t>(ip.u64("traffic_class", 255));
  }
  return header;
}

void encode_ip(const std::variant<Ipv4Header, Ipv6Header>& header, Json::Value& json) {
  Json::Value ip(Json::objectValue);
  if (const auto* v4 = std::get_if<Ipv4Header>(&header)) {
    ip["src"] = to_string(v4->src);
    ip["dst"] = to_string(v4->dst);
    ip["ttl"] = Json::UInt{v4->ttl};
    ip["dscp"] = Json::UInt{v4->dscp};
    json["ipv4"] = ip;
    return;
  }
  const auto& v6 = std::get<Ipv6Header>(header);
  ip["src"] = to_string(v6.src);
  ip["dst"] = to_string(v6.dst);
  ip["hop_limit"] = Json::UInt{v6.hop_limit};
  ip["traffic_class"] = Json::UInt{v6.traffic_class};
  json["ipv6"] = ip;
}

UdpHeader read_udp(const FieldReader& udp, UdpHeader header) {
  udp.reject_unknown({"src_port", "dst_port"});
  if (udp.has("src_port")) header.src_port = static_cast<std::uint16_t>(udp.u64("src_port", 65535));
  if (udp.has("dst_port")) header.dst_port = static_cast<std::uint16_t>(udp.u64("dst_port", 65535));
  return header;
}

Json::Value encode_udp(const UdpHeader& udp) {
  Json::Value json(Json::objectValue);
  json["src_port"] = Json::UInt{udp.src_port};
  json["dst_port"] = Json::UInt{udp.dst_port};
  return json;
}

// `udp` or `tcp` (neither: UDP from port 1024 to 1024).
void read_l4(const FieldReader& root, UdpHeader& udp, std::optional<TcpHeader>& tcp) {
  if (root.has("tcp")) {
    if (root.has("udp")) root.at("udp").fail("give either udp or tcp, not both");
    tcp = read_tcp(root.at("tcp"));
  } else if (root.has("udp")) {
    udp = read_udp(root.at("udp"), udp);
  }
}

void encode_l4(const UdpHeader& udp, const std::optional<TcpHeader>& tcp, Json::Value& json) {
  if (tcp) {
    json["tcp"] = encode_tcp(*tcp);
  } else {
    json["udp"] = encode_udp(udp);
  }
}

InnerHeaders read_inner(const FieldReader& inner, bool vxlan) {
  inner.expect_object();
  inner.reject_unknown({"ethernet", "vlan", "ipv4", "ipv6", "udp", "tcp"});
  InnerHeaders headers;
  if (inner.has("ethernet")) {
    headers.ethernet = read_ethernet(inner.at("ethernet"));
  } else if (vxlan) {
    headers.ethernet = EthernetHeader{};  // VXLAN carries Ethernet frames
  }
  if (headers.ethernet) {
    if (!headers.ethernet->src) headers.ethernet->src = inner_src_mac;
    if (!headers.ethernet->dst) headers.ethernet->dst = inner_dst_mac;
  }
  if (inner.has("vlan")) {
    if (!headers.ethernet) {
      inner.at("vlan").fail(
          "a VLAN tag needs an Ethernet frame: give inner.ethernet too (GRE then carries "
          "Ethernet, protocol 0x6558)");
    }
    headers.vlan = read_vlan(inner.at("vlan"));
  }
  headers.ip = read_ip(inner);
  read_l4(inner, headers.udp, headers.tcp);
  return headers;
}

std::optional<Tunnel> read_tunnel(const FieldReader& root) {
  const bool vxlan = root.has("vxlan");
  const bool gre = root.has("gre");
  if (!vxlan && !gre) {
    if (root.has("inner")) root.at("inner").fail("needs a tunnel: give vxlan or gre too");
    return std::nullopt;
  }
  if (vxlan && gre) root.at("gre").fail("give either vxlan or gre, not both");
  if (!root.has("inner")) {
    root.fail(
        "a tunnel needs the packet it carries: give inner with ipv4 or ipv6 (and udp "
        "or tcp)");
  }
  Tunnel tunnel;
  if (vxlan) {
    const FieldReader section = root.at("vxlan");
    section.expect_object();
    section.reject_unknown({"vni"});
    tunnel.encap = VxlanHeader{static_cast<std::uint32_t>(section.u64("vni", 0xFFFFFF))};
  } else {
    const FieldReader section = root.at("gre");
    section.expect_object();
    section.reject_unknown({"key"});
    GreHeader header;
    if (section.has("key")) header.key = static_cast<std::uint32_t>(section.u64("key", 0xFFFFFFFF));
    tunnel.encap = header;
  }
  tunnel.inner = read_inner(root.at("inner"), vxlan);
  return tunnel;
}

Json::Value encode_inner(const InnerHeaders& inner) {
  Json::Value json(Json::objectValue);
  if (inner.ethernet) json["ethernet"] = encode_ethernet(*inner.ethernet);
  if (inner.vlan) json["vlan"] = encode_vlan(*inner.vlan);
  encode_ip(inner.ip, json);
  encode_l4(inner.udp, inner.tcp, json);
  return json;
}

}  // namespace

const std::vector<std::string_view>& packet_language_keys() {
  static const std::vector<std::string_view> keys{
      "frame_size", "imix", "ethernet", "vlan", "vlan_outer", "mpls",  "ipv4",    "ipv6",
      "udp",        "tcp",  "vxlan",    "gre",  "inner",      "flows", "checksum"};
  return keys;
}

HeaderStack read_headers(const FieldReader& root) {
  HeaderStack headers;
  if (root.has("ethernet")) headers.ethernet = read_ethernet(root.at("ethernet"));
  if (root.has("vlan")) headers.vlan = read_vlan(root.at("vlan"));
  if (root.has("vlan_outer")) {
    if (!headers.vlan) {
      root.at("vlan_outer").fail("QinQ needs the inner 802.1Q tag too: give vlan as well");
    }
    headers.outer_vlan = read_vlan(root.at("vlan_outer"));
  }
  if (root.has("mpls")) headers.mpls = read_mpls(root.at("mpls"));
  headers.ip = read_ip(root);
  headers.tunnel = read_tunnel(root);
  if (headers.is_gre() && (root.has("udp") || root.has("tcp"))) {
    root.at(root.has("udp") ? "udp" : "tcp")
        .fail("GRE follows the outer IP header directly; put udp or tcp in inner");
  }
  if (headers.is_vxlan()) {
    if (root.has("tcp")) root.at("tcp").fail("VXLAN runs over UDP; put tcp in inner");
    headers.udp = {vxlan_source_port, vxlan_port};
  }
  read_l4(root, headers.udp, headers.tcp);
  return headers;
}

void encode_headers(const HeaderStack& headers, Json::Value& json) {
  if (headers.ethernet.src || headers.ethernet.dst) {
    json["ethernet"] = encode_ethernet(headers.ethernet);
  }
  if (headers.vlan) json["vlan"] = encode_vlan(*headers.vlan);
  if (headers.outer_vlan) json["vlan_outer"] = encode_vlan(*headers.outer_vlan);
  if (!headers.mpls.empty()) {
    Json::Value labels(Json::arrayValue);
    for (const MplsLabel& label : headers.mpls) {
      Json::Value entry(Json::objectValue);
      entry["label"] = Json::UInt{label.label};
      entry["tc"] = Json::UInt{label.tc};
      entry["ttl"] = Json::UInt{label.ttl};
      labels.append(entry);
    }
    json["mpls"] = labels;
  }
  encode_ip(headers.ip, json);
  if (!headers.is_gre()) encode_l4(headers.udp, headers.tcp, json);
  if (!headers.tunnel) return;
  if (const auto* vxlan = std::get_if<VxlanHeader>(&headers.tunnel->encap)) {
    json["vxlan"]["vni"] = Json::UInt{vxlan->vni};
  } else {
    const auto& gre = std::get<GreHeader>(headers.tunnel->encap);
    json["gre"] = Json::Value(Json::objectValue);
    if (gre.key) json["gre"]["key"] = Json::UInt{*gre.key};
  }
  json["inner"] = encode_inner(headers.tunnel->inner);
}

}  // namespace trexsearch::trex::codec
