#include "trex_client/codec/raw_packets_codec.hpp"

#include <string>

#include "trex_client/codec/header_stack_codec.hpp"
#include "trex_client/codec/stream_codec.hpp"
#include "trex_client/profile/packet_builder.hpp"

namespace trexsearch::trex::codec {
namespace {

// The checksum fix a packet with varied fields needs: its IP header (after Ethernet
// and at most two VLAN tags) and, for UDP or TCP, the L4 checksum too.
std::optional<VmInstruction> checksum_fix(const std::string& packet) {
  const EtherPayload payload = ether_payload(packet);
  const std::size_t l3 = payload.offset;
  const bool v6 = payload.ether_type == 0x86dd;
  if (!v6 && payload.ether_type != 0x0800) return std::nullopt;
  if (l3 + (v6 ? 40 : 20) > packet.size()) return std::nullopt;
  const std::size_t l3_len = v6 ? 40 : (static_cast<std::uint8_t>(packet[l3]) & 0x0FU) * 4U;
  const auto protocol = static_cast<std::uint8_t>(packet[l3 + (v6 ? 6 : 9)]);
  if (protocol == 17 || protocol == 6) {
    return FixChecksumHw{static_cast<std::uint16_t>(l3), static_cast<std::uint16_t>(l3_len),
                         protocol == 17 ? FixChecksumHw::l4_udp : FixChecksumHw::l4_tcp};
  }
  if (!v6) return FixChecksumIpv4{static_cast<std::uint16_t>(l3)};
  return std::nullopt;
}

void add_vary(const FieldReader& field, std::size_t index, StreamSpec& stream) {
  field.reject_unknown({"offset", "size", "count", "step"});
  const std::uint64_t offset = field.u64("offset", 0xFFFF);
  const std::uint64_t size = field.u64_or("size", 1);
  if (size != 1 && size != 2 && size != 4) field.at("size").fail("must be 1, 2 or 4 bytes");
  if (offset + size > stream.packet.size()) {
    field.at("offset").fail("the " + std::to_string(size) +
                            "-byte field runs past the end of the " +
                            std::to_string(stream.packet.size()) + "-byte packet");
  }
  const std::uint64_t count = field.u64("count", 0xFFFFFFFF);
  if (count < 1) field.at("count").fail("must be at least 1");
  const std::uint64_t step = field.u64_or("step", 1);
  if (step < 1) field.at("step").fail("must be at least 1");
  std::uint64_t start = 0;
  for (std::size_t i = 0; i < size; ++i) {
    start = (start << 8U) | static_cast<std::uint8_t>(stream.packet[offset + i]);
  }
  const std::uint64_t limit = (std::uint64_t{1} << (8U * size)) - 1;
  if ((count - 1) > (limit - start) / step) {
    field.at("count").fail("from the packet's value " + std::to_string(start) + ", " +
                           std::to_string(count) + " values by " + std::to_string(step) +
                           " overflow the " + std::to_string(size) + "-byte field");
  }
  FlowVar var;
  var.name = "vary" + std::to_string(index);
  var.size_bytes = static_cast<std::uint8_t>(size);
  var.op = FlowVarOp::inc;
  var.init_value = start;
  var.min_value = start;
  var.max_value = start + (count - 1) * step;
  var.step = step;
  stream.vm.emplace_back(var);
  stream.vm.emplace_back(WriteFlowVar{var.name, static_cast<std::uint16_t>(offset), 0, true});
}

NativeStream read_packet_entry(const FieldReader& field) {
  field.expect_object();
  field.reject_unknown({"bytes", "weight", "vary"});
  NativeStream native;
  StreamSpec& stream = native.spec;
  const std::optional<std::string> bytes = base64_decode(field.string("bytes"));
  if (!bytes) field.at("bytes").fail("is not base64");
  if (bytes->size() < StreamSpec::min_packet_bytes ||
      bytes->size() > StreamSpec::max_packet_bytes) {
    field.at("bytes").fail("is a " + std::to_string(bytes->size()) +
                           "-byte frame: TRex sends 14 to 9238 bytes (the frame without FCS)");
  }
  stream.packet = *bytes;
  stream.mode.type = StreamModeType::continuous;
  stream.mode.rate = {RateType::pps, field.number_or("weight", 1.0)};
  if (!(stream.mode.rate.value > 0.0)) field.at("weight").fail("must be a positive number");
  // flags 0: the port's MACs, as for any TRex stream (TRex's own pcap streams too): a
  // capture's addresses belong to another network.
  if (field.has("vary")) {
    const FieldReader vary = field.at("vary");
    for (Json::ArrayIndex i = 0; i < vary.array_size(); ++i) add_vary(vary.element(i), i, stream);
    if (vary.array_size() > 0) {
      if (std::optional<VmInstruction> fix = checksum_fix(stream.packet)) stream.vm.push_back(*fix);
    }
  }
  return native;
}

}  // namespace

NativeStreams read_raw_packets(const FieldReader& root) {
  if (root.has("trex_streams")) {
    root.at("trex_streams").fail("packets gives the frames: leave trex_streams out, or packets");
  }
  for (const std::string_view key : packet_language_keys()) {
    if (root.has(key)) {
      root.at(key).fail("packets gives the frames: leave " + std::string(key) + " out, or packets");
    }
  }
  const FieldReader list = root.at("packets");
  if (list.array_size() == 0) list.fail("needs at least one packet");
  NativeStreams streams;
  streams.every_port.emplace();
  for (Json::ArrayIndex i = 0; i < list.array_size(); ++i) {
    streams.every_port->push_back(read_packet_entry(list.element(i)));
  }
  if (root.has("mean_frame_size")) streams.mean_frame_size = root.number("mean_frame_size");
  return streams;
}

}  // namespace trexsearch::trex::codec
