#include "trex_client/profile/frame_preview.hpp"

#include <map>
#include <optional>
#include <variant>

#include "trex_client/profile/compiled_profile.hpp"
#include "trex_client/profile/packet_builder.hpp"

namespace trexsearch::trex {
namespace {

// Why the preview cannot run `vm` exactly as TRex does; nothing when it can.
std::optional<std::string> not_exact(const VmProgram& vm) {
  for (std::size_t i = 0; i < vm.size(); ++i) {
    const std::string at = "field-engine instruction " + std::to_string(i);
    if (const auto* var = std::get_if<FlowVar>(&vm[i])) {
      if (var->op == FlowVarOp::random) {
        return "flow_var " + var->name + " is random: TRex draws its values, not the preview";
      }
      if (var->value_list || var->next_var || var->step != 1) {
        return at + " (flow_var " + var->name +
               " with a value_list, a next_var or a step other than 1) is not run here";
      }
    } else if (!std::holds_alternative<WriteFlowVar>(vm[i]) &&
               !std::holds_alternative<FixChecksumIpv4>(vm[i]) &&
               !std::holds_alternative<FixChecksumHw>(vm[i])) {
      return at +
             " is not run here (the preview runs flow_var, write_flow_var and the IPv4 "
             "and hardware checksum fixes)";
    }
  }
  return std::nullopt;
}

void put16(std::string& bytes, std::size_t at, std::uint16_t value) {
  if (at + 2 > bytes.size()) return;
  bytes[at] = static_cast<char>(value >> 8U);
  bytes[at + 1] = static_cast<char>(value & 0xFFU);
}

void fix_ipv4_header(std::string& bytes, std::size_t at) {
  if (at + 20 > bytes.size()) return;
  const std::size_t length = std::size_t{static_cast<std::uint8_t>(bytes[at]) & 0x0FU} * 4;
  if (at + length > bytes.size()) return;
  put16(bytes, at + 10, 0);
  put16(bytes, at + 10, internet_checksum(std::string_view(bytes).substr(at, length)));
}

// The UDP or TCP checksum over its IPv4 or IPv6 pseudo-header (RFC 768, 793, 8200).
void fix_l4(std::string& bytes, std::size_t l3, std::size_t l4, std::uint16_t l4_type) {
  const bool v6 = (static_cast<std::uint8_t>(bytes[l3]) >> 4U) == 6;
  const std::size_t checksum_at = l4 + (l4_type == FixChecksumHw::l4_tcp ? 16 : 6);
  if (checksum_at + 2 > bytes.size()) return;
  // The L4 length the IP header gives (the buffer may be longer: padding).
  const auto u16 = [&bytes](std::size_t at) {
    return static_cast<std::size_t>((static_cast<std::uint8_t>(bytes[at]) << 8U) |
                                    static_cast<std::uint8_t>(bytes[at + 1]));
  };
  const std::size_t ip_end = v6 ? l3 + 40 + u16(l3 + 4) : l3 + u16(l3 + 2);
  if (ip_end > bytes.size() || ip_end < l4) return;
  const std::size_t l4_length = ip_end - l4;
  put16(bytes, checksum_at, 0);
  // The pseudo-header (addresses, protocol, L4 length) ahead of the segment.
  std::string covered = bytes.substr(v6 ? l3 + 8 : l3 + 12, v6 ? 32 : 8);
  covered += '\0';
  covered += static_cast<char>(l4_type == FixChecksumHw::l4_tcp ? 6 : 17);
  covered += static_cast<char>((l4_length >> 8U) & 0xFFU);
  covered += static_cast<char>(l4_length & 0xFFU);
  covered += bytes.substr(l4, l4_length);
  std::uint16_t checksum = internet_checksum(covered);
  if (checksum == 0 && l4_type != FixChecksumHw::l4_tcp) checksum = 0xFFFF;  // UDP's "none"
  put16(bytes, checksum_at, checksum);
}

class FieldEngine {
 public:
  explicit FieldEngine(const VmProgram& vm) : vm_(vm) {}

  // The next packet: every variable steps (the first packet carries init_value, as
  // the stand's captures show), then the writes and checksum fixes in order.
  std::string next(const std::string& base) {
    std::string packet = base;
    for (const VmInstruction& instruction : vm_) {
      if (const auto* var = std::get_if<FlowVar>(&instruction)) {
        step(*var);
      } else if (const auto* write = std::get_if<WriteFlowVar>(&instruction)) {
        apply(*write, packet);
      } else if (const auto* fix = std::get_if<FixChecksumIpv4>(&instruction)) {
        fix_ipv4_header(packet, fix->pkt_offset);
      } else if (const auto* hw = std::get_if<FixChecksumHw>(&instruction)) {
        const std::size_t l3 = hw->l2_len;
        if (l3 >= packet.size()) continue;
        if ((static_cast<std::uint8_t>(packet[l3]) >> 4U) == 4) fix_ipv4_header(packet, l3);
        if (hw->l4_type != FixChecksumHw::l4_ip_only) {
          fix_l4(packet, l3, l3 + hw->l3_len, hw->l4_type);
        }
      }
    }
    return packet;
  }

 private:
  struct Value {
    std::uint64_t current = 0;
    std::uint8_t size_bytes = 4;
  };

  void step(const FlowVar& var) {
    auto [found, first] = values_.try_emplace(var.name, Value{var.init_value, var.size_bytes});
    if (first) return;
    std::uint64_t& value = found->second.current;
    if (var.op == FlowVarOp::inc) {
      value = value >= var.max_value ? var.min_value : value + 1;
    } else {
      value = value <= var.min_value ? var.max_value : value - 1;
    }
  }

  void apply(const WriteFlowVar& write, std::string& packet) const {
    const auto found = values_.find(write.name);
    if (found == values_.end()) return;
    const std::size_t size = found->second.size_bytes;
    if (write.pkt_offset + size > packet.size()) return;
    const std::uint64_t value =
        found->second.current +
        static_cast<std::uint64_t>(static_cast<std::int64_t>(write.add_value));
    for (std::size_t i = 0; i < size; ++i) {
      const std::size_t shift = 8 * (write.big_endian ? size - 1 - i : i);
      packet[write.pkt_offset + i] = static_cast<char>((value >> shift) & 0xFFU);
    }
  }

  const VmProgram& vm_;
  std::map<std::string, Value> values_;
};

}  // namespace

std::vector<StreamPreview> preview_frames(const TrafficProfile& profile,
                                          std::size_t frames_per_stream) {
  const CompiledProfile compiled = compile_profile(profile, CounterSource::port);
  std::vector<StreamPreview> previews;
  for (const PortStreams& port : compiled.ports) {
    if (port.profile_id != main_profile_id) continue;
    for (std::size_t i = 0; i < port.streams.size(); ++i) {
      const StreamSpec& stream = port.streams[i];
      StreamPreview preview{port.port_id, i, stream.name, {}, {}};
      // TRex pads short packets after its field engine ran.
      const auto padded = [](std::string packet) {
        if (packet.size() < StreamSpec::padded_packet_bytes) {
          packet.resize(StreamSpec::padded_packet_bytes, '\0');
        }
        return packet;
      };
      if (const std::optional<std::string> reason = not_exact(stream.vm)) {
        preview.base_only_reason = *reason;
        preview.frames.push_back(padded(stream.packet));
      } else {
        FieldEngine engine(stream.vm);
        for (std::size_t k = 0; k < frames_per_stream; ++k) {
          preview.frames.push_back(padded(engine.next(stream.packet)));
        }
      }
      previews.push_back(std::move(preview));
    }
  }
  return previews;
}

}  // namespace trexsearch::trex
