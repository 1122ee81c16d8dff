#include "trex_client/profile/native_streams.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <variant>

#include "measure/errors.hpp"
#include "trex_client/profile/line_rate.hpp"
#include "trex_client/profile/packet_builder.hpp"

namespace trexsearch::trex {
namespace {

std::string stream_path(const NativeStreams& streams, std::uint8_t port, std::size_t index) {
  const std::string element = "[" + std::to_string(index) + "]";
  return streams.per_port.contains(port) ? "trex_streams." + std::to_string(port) + element
                                         : "trex_streams" + element;
}

[[noreturn]] void refuse(const std::string& where, const std::string& field,
                         const std::string& value, const std::string& reason) {
  throw measure::ConfigError(field.empty() ? where : where + "." + field, value, reason);
}

// The ports that transmit, in port_pairs order, each once.
std::vector<std::uint8_t> transmitting_ports(const TrafficProfile& profile) {
  std::vector<std::uint8_t> ports;
  for (const PortPair& pair : profile.port_pairs) {
    ports.push_back(pair.first);
    if (pair.bidirectional) ports.push_back(pair.second);
  }
  return ports;
}

void check_mode(const StreamSpec& stream, const std::string& where) {
  const char* mode = to_string(stream.mode.type);
  if (stream.mode.type != StreamModeType::continuous) {
    refuse(where, "mode.type", std::string("\"") + mode + "\"",
           "a throughput trial needs continuous streams: a burst ends on its own, whatever the "
           "trial's duration and load; make the stream continuous (STLTXCont)");
  }
}

void check_chain(const NativeStream& native, const std::string& where) {
  const StreamSpec& stream = native.spec;
  const char* why =
      "stream chains cannot run as a trial of a given duration: give every stream as "
      "continuous and self-starting, without next";
  if (native.next) refuse(where, "next", "\"" + *native.next + "\"", why);
  if (stream.next_stream_id >= 0) {
    refuse(where, "next_stream_id", std::to_string(stream.next_stream_id), why);
  }
  if (!stream.self_start) {
    refuse(where, "self_start", "false",
           "the stream would start only from another stream's next (a chain), never at the "
           "trial's start; set self_start to true");
  }
}

void check_sending(const StreamSpec& stream, const std::string& where) {
  if (stream.start_paused) {
    refuse(where, "start_paused", "true",
           "a paused stream sends nothing until resumed; set start_paused to false");
  }
  if (!stream.enabled) {
    refuse(where, "enabled", "false",
           "a disabled stream sends nothing; enable it or leave it out of the profile");
  }
  if ((stream.flags & 0x8U) != 0) {
    refuse(where, "flags", std::to_string(stream.flags),
           "bit 3 makes it a null stream, which TRex never transmits; leave it out");
  }
  if (stream.flow_stats.enabled && stream.flow_stats.rule_type != "stats") {
    refuse(where, "flow_stats.rule_type", "\"" + stream.flow_stats.rule_type + "\"",
           "a latency or tpg stream runs at a fixed rate that the trial's load does not "
           "scale, and the measurer puts its own per-stream counters on every stream; "
           "leave the stream out (latency with trex_streams is not supported yet)");
  }
}

std::size_t var_bytes(const VmInstruction& instruction) {
  if (const auto* var = std::get_if<FlowVar>(&instruction)) return var->size_bytes;
  if (const auto* var = std::get_if<FlowVarRandLimit>(&instruction)) return var->size_bytes;
  return 0;
}

// TRex compiles a program in order: a write names a variable defined before it, and
// writes inside the packet (StreamVm::compile).
void check_vm(const StreamSpec& stream, const std::string& where) {
  std::map<std::string, std::size_t> defined;
  for (std::size_t i = 0; i < stream.vm.size(); ++i) {
    const VmInstruction& instruction = stream.vm[i];
    const std::string at = "vm.instructions[" + std::to_string(i) + "]";
    if (const std::size_t bytes = var_bytes(instruction); bytes > 0) {
      const std::string& name = std::holds_alternative<FlowVar>(instruction)
                                    ? std::get<FlowVar>(instruction).name
                                    : std::get<FlowVarRandLimit>(instruction).name;
      defined[name] = bytes;
    } else if (const auto* tuple = std::get_if<TupleFlowVar>(&instruction)) {
      defined[tuple->name + ".ip"] = 4;
      defined[tuple->name + ".port"] = 2;
    }
    std::string used;
    std::size_t offset = 0;
    std::size_t width = 0;
    if (const auto* write = std::get_if<WriteFlowVar>(&instruction)) {
      used = write->name;
      offset = write->pkt_offset;
    } else if (const auto* mask = std::get_if<WriteMaskFlowVar>(&instruction)) {
      used = mask->name;
      offset = mask->pkt_offset;
      width = mask->pkt_cast_size;
    } else if (const auto* trim = std::get_if<TrimPktSize>(&instruction)) {
      used = trim->name;
    } else {
      continue;
    }
    const auto found = defined.find(used);
    if (found == defined.end()) {
      refuse(where, at + ".name", "\"" + used + "\"",
             "no instruction before it defines this variable");
    }
    if (width == 0 && !std::holds_alternative<TrimPktSize>(instruction)) width = found->second;
    if (offset + width > stream.packet.size()) {
      refuse(where, at + ".pkt_offset", std::to_string(offset),
             "its " + std::to_string(width) + "-byte write runs past the end of the " +
                 std::to_string(stream.packet.size()) + "-byte packet");
    }
  }
}

bool varies_frame_size(const StreamSpec& stream) {
  return std::any_of(stream.vm.begin(), stream.vm.end(), [](const VmInstruction& instruction) {
    return std::holds_alternative<TrimPktSize>(instruction);
  });
}

void check_rate_types(const std::vector<NativeStream>& streams, const NativeStreams& all,
                      std::uint8_t port) {
  std::set<RateType> types;
  for (const NativeStream& stream : streams) types.insert(stream.spec.mode.rate.type);
  if (types.contains(RateType::percentage) && types.size() > 1) {
    for (std::size_t i = 0; i < streams.size(); ++i) {
      if (streams[i].spec.mode.rate.type == RateType::percentage) {
        refuse(stream_path(all, port, i), "mode.rate.type", "\"percentage\"",
               "port " + std::to_string(port) +
                   " mixes percentage rates with pps or bit rates, whose shares then depend on "
                   "the port's speed; give all of the port's streams in one kind, or in pps");
      }
    }
  }
}

std::string ether_type_text(unsigned type) {
  char text[8];
  std::snprintf(text, sizeof text, "0x%04x", type);
  return text;
}

}  // namespace

void validate_native_streams(const TrafficProfile& profile) {
  const NativeStreams& streams = *profile.trex_streams;
  const std::vector<std::uint8_t> ports = transmitting_ports(profile);
  for (const auto& [port, list] : streams.per_port) {
    if (std::find(ports.begin(), ports.end(), port) == ports.end()) {
      throw measure::ConfigError("trex_streams." + std::to_string(port), "[...]",
                                 "port " + std::to_string(port) +
                                     " sends nothing in port_pairs; give streams only for the "
                                     "ports that transmit");
    }
  }
  for (const std::uint8_t port : ports) {
    const std::vector<NativeStream>& list = streams.of_port(port);
    if (list.empty()) {
      throw measure::ConfigError(
          "trex_streams", "(no streams for port " + std::to_string(port) + ")",
          "port " + std::to_string(port) + " transmits in port_pairs but has no streams: add \"" +
              std::to_string(port) + "\": [...] (stl-sim -f PROFILE -i " + std::to_string(port) +
              " --json) or give one list for every port");
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string where = stream_path(streams, port, i);
      check_mode(list[i].spec, where);
      check_chain(list[i], where);
      check_sending(list[i].spec, where);
      check_vm(list[i].spec, where);
    }
    check_rate_types(list, streams, port);
  }
  if (streams.mean_frame_size &&
      (*streams.mean_frame_size < 64.0 || *streams.mean_frame_size > 9242.0)) {
    throw measure::ConfigError("mean_frame_size", measure::format_value(*streams.mean_frame_size),
                               "must be in [64, 9242] bytes (FCS included)");
  }
}

void check_native_flow_stats(const TrafficProfile& profile) {
  const NativeStreams& streams = *profile.trex_streams;
  for (const std::uint8_t port : transmitting_ports(profile)) {
    const std::vector<NativeStream>& list = streams.of_port(port);
    for (std::size_t i = 0; i < list.size(); ++i) {
      const unsigned type = ether_payload(list[i].spec.packet).ether_type;
      if (type != 0x0800 && type != 0x86dd) {
        throw measure::ConfigError(
            stream_path(streams, port, i) + ".packet.binary", "EtherType " + ether_type_text(type),
            "TRex's per-stream counters (flow_stats) need an IPv4 or IPv6 header after Ethernet "
            "and at most two VLAN tags, and this packet has none there; count with port "
            "counters instead (\"counters\": \"port\" in the job's measurer)");
      }
    }
  }
}

double native_weight_pps(const StreamSpec& stream) {
  const double value = stream.mode.rate.value;
  switch (stream.mode.rate.type) {
    case RateType::pps:
      return value;
    case RateType::bps_l2:
      return value / (stream.wire_frame_bytes() * 8.0);
    case RateType::bps_l1:
    case RateType::percentage:
      return value / ((stream.wire_frame_bytes() + kL1OverheadBytes) * 8.0);
  }
  return value;
}

std::vector<StreamSpec> native_streams_for(const NativeStreams& streams, std::uint8_t port,
                                           std::optional<std::uint32_t> pg_id) {
  std::vector<StreamSpec> specs;
  for (const NativeStream& native : streams.of_port(port)) {
    StreamSpec stream = native.spec;
    stream.mode.rate = {RateType::pps, native_weight_pps(native.spec)};
    stream.flow_stats = pg_id ? FlowStatsSpec{true, *pg_id, "stats"} : FlowStatsSpec{};
    specs.push_back(std::move(stream));
  }
  return specs;
}

std::optional<double> native_mean_frame_bytes(const TrafficProfile& profile) {
  const NativeStreams& streams = *profile.trex_streams;
  double sum_of_means = 0.0;
  std::size_t directions = 0;
  for (const std::uint8_t port : transmitting_ports(profile)) {
    double weighted = 0.0;
    double weights = 0.0;
    for (const NativeStream& native : streams.of_port(port)) {
      if (varies_frame_size(native.spec)) return streams.mean_frame_size;
      const double weight = native_weight_pps(native.spec);
      weighted += weight * native.spec.wire_frame_bytes();
      weights += weight;
    }
    if (weights > 0.0) {
      sum_of_means += weighted / weights;
      ++directions;
    }
  }
  if (streams.mean_frame_size) return streams.mean_frame_size;
  return directions > 0 ? std::optional(sum_of_means / static_cast<double>(directions))
                        : std::nullopt;
}

const std::vector<NativeStream>& NativeStreams::of_port(std::uint8_t port) const {
  static const std::vector<NativeStream> none;
  const auto found = per_port.find(port);
  if (found != per_port.end()) return found->second;
  return every_port ? *every_port : none;
}

}  // namespace trexsearch::trex
