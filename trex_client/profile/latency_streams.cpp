#include "trex_client/profile/latency_streams.hpp"

#include <cmath>
#include <string>

#include "measure/errors.hpp"
#include "trex_client/profile/packet_builder.hpp"

namespace trexsearch::trex {
namespace {

constexpr std::uint32_t max_frame = 9000;
constexpr std::uint32_t fcs_bytes = 4;

std::string ip_name(const HeaderStack& headers) {
  if (headers.tunnel) return headers.is_vxlan() ? "the VXLAN headers" : "the GRE headers";
  return std::string(std::holds_alternative<Ipv6Header>(headers.ip) ? "IPv6" : "IPv4") +
         (headers.vlan ? " + VLAN" : "") + "/UDP";
}

}  // namespace

std::uint32_t latency_frame_size(const TrafficProfile& profile) {
  if (profile.latency && profile.latency->frame_size) return *profile.latency->frame_size;
  if (profile.frame_sizes.size() != 1) {
    // CSIT sends no latency with an IMIX; NFVbench uses the IMIX's mean size. Make
    // the user choose one integer size rather than guess.
    throw measure::ConfigError("latency.frame_size", "(missing)",
                               "an IMIX profile needs one integer latency frame size, e.g. 64");
  }
  return profile.frame_sizes.front().frame_size;
}

void validate_latency(const TrafficProfile& profile, std::size_t direction_count) {
  if (!profile.latency) return;
  const LatencySpec& spec = *profile.latency;
  const double rate = spec.rate_pps;
  if (!std::isfinite(rate) || rate <= 0.0 || rate > max_latency_rate_pps) {
    throw measure::ConfigError(
        "latency.rate_pps", measure::format_value(rate),
        "must be in (0, " + measure::format_value(max_latency_rate_pps) + "] frames/s");
  }
  if (rate * static_cast<double>(direction_count) > max_latency_rate_pps) {
    throw measure::ConfigError(
        "latency.rate_pps", measure::format_value(rate),
        std::to_string(direction_count) + " directions send " +
            measure::format_value(rate * static_cast<double>(direction_count)) +
            " latency frames/s in total; keep the sum <= " +
            measure::format_value(max_latency_rate_pps) +
            " (TRex handles latency frames in software)");
  }
  if (!profile.headers.mpls.empty()) {
    throw measure::ConfigError(
        "latency", "{...}",
        "TRex's latency streams are counted by its flow stats, which cannot find the IP "
        "header behind MPLS labels (TRex: \"NIC does not support MPLS\"); leave the latency "
        "section out");
  }
  const std::uint32_t size = latency_frame_size(profile);
  const std::uint32_t headers = layout_of(profile.headers).headers_len();
  const std::uint32_t needed =
      std::max<std::uint32_t>(64, headers + latency_trailer_bytes + fcs_bytes);
  if (size < needed || size > max_frame) {
    throw measure::ConfigError(
        spec.frame_size ? "latency.frame_size" : "frame_size", std::to_string(size),
        "a latency frame must be in [" + std::to_string(needed) + ", " + std::to_string(max_frame) +
            "] bytes: " + ip_name(profile.headers) + " needs " +
            std::to_string(latency_trailer_bytes) + " bytes of payload for TRex's latency trailer");
  }
  if (spec.pg_id_base <= direction_count) {
    throw measure::ConfigError(
        "latency.pg_id_base", std::to_string(spec.pg_id_base),
        "collides with the main streams' pg_ids 1.." + std::to_string(direction_count) + "; use " +
            std::to_string(LatencySpec::default_pg_id_base) +
            " (the default) or another value above " + std::to_string(direction_count));
  }
  if (spec.pg_id_base > 0xFFFFFFFFull - direction_count) {
    throw measure::ConfigError("latency.pg_id_base", std::to_string(spec.pg_id_base),
                               "the last direction's pg_id would overflow 32 bits");
  }
}

StreamSpec build_latency_stream(const TrafficProfile& profile, const HeaderStack& main_headers,
                                std::uint8_t tx_port, std::uint32_t pg_id) {
  // Latency streams are UDP, as TRex's own are, also beside TCP main traffic.
  HeaderStack headers = main_headers;
  headers.tcp.reset();
  if (headers.tunnel) headers.tunnel->inner.tcp.reset();
  const std::uint32_t size = latency_frame_size(profile);
  StreamSpec stream;
  stream.name = (profile.name.empty() ? std::string("profile") : profile.name) + "/port" +
                std::to_string(tx_port) + "/latency/" + std::to_string(size) + "B";
  stream.packet = build_packet(headers, size, profile.checksum);
  if (headers.ethernet.src) stream.flags |= StreamSpec::flag_src_mac_from_packet;
  if (headers.ethernet.dst) stream.flags |= StreamSpec::flag_dst_mac_from_packet;
  stream.mode.type = StreamModeType::continuous;
  stream.mode.rate = {RateType::pps, profile.latency->rate_pps};
  // TRex's trailer changes the payload, so the UDP checksum that is sent (the inner
  // packet's in a tunnel: VXLAN's outer one is 0) must be fixed by the NIC.
  const PacketLayout layout = layout_of(headers);
  const IpLayout l4_packet = layout.inner ? *layout.inner : layout.outer();
  if (l4_packet.ipv6 || profile.checksum == ChecksumMode::hardware) {
    FixChecksumHw fix;
    fix.l2_len = l4_packet.l3_offset;
    fix.l3_len = l4_packet.l3_len();
    fix.l4_type = FixChecksumHw::l4_udp;
    stream.vm.emplace_back(fix);
  }
  stream.flow_stats = {true, pg_id, "latency"};
  return stream;
}

}  // namespace trexsearch::trex
