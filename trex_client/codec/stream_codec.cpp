#include "trex_client/codec/stream_codec.hpp"

#include <array>
#include <optional>
#include <variant>

namespace trexsearch::trex::codec {
namespace {

constexpr std::string_view alphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

Json::Value encode_rate(const StreamRate& rate) {
  Json::Value json(Json::objectValue);
  json["type"] = to_string(rate.type);
  json["value"] = rate.value;
  return json;
}

Json::Value encode_mode(const StreamMode& mode) {
  Json::Value json(Json::objectValue);
  json["type"] = to_string(mode.type);
  json["rate"] = encode_rate(mode.rate);
  switch (mode.type) {
    case StreamModeType::continuous:
      break;
    case StreamModeType::single_burst:
      json["total_pkts"] = mode.total_pkts;
      break;
    case StreamModeType::multi_burst:
      json["pkts_per_burst"] = mode.pkts_per_burst;
      json["ibg"] = mode.ibg_us;
      json["count"] = mode.count;
      break;
  }
  return json;
}

Json::Value name_or_null(const std::optional<std::string>& name) {
  return name ? Json::Value(*name) : Json::Value(Json::nullValue);
}

struct InstructionEncoder {
  Json::Value operator()(const FlowVar& var) const {
    Json::Value json(Json::objectValue);
    json["type"] = "flow_var";
    json["name"] = var.name;
    json["size"] = var.size_bytes;
    json["op"] = to_string(var.op);
    if (var.value_list) {
      Json::Value values(Json::arrayValue);
      for (const std::uint64_t value : *var.value_list) values.append(Json::UInt64(value));
      json["value_list"] = values;
    } else {
      json["init_value"] = Json::UInt64(var.init_value);
      json["min_value"] = Json::UInt64(var.min_value);
      json["max_value"] = Json::UInt64(var.max_value);
    }
    json["step"] = Json::UInt64(var.step);
    json["split_to_cores"] = var.split_to_cores;
    json["next_var"] = name_or_null(var.next_var);
    return json;
  }
  Json::Value operator()(const FlowVarRandLimit& var) const {
    Json::Value json(Json::objectValue);
    json["type"] = "flow_var_rand_limit";
    json["name"] = var.name;
    json["size"] = var.size_bytes;
    json["limit"] = Json::UInt64(var.limit);
    json["seed"] = Json::UInt64(var.seed);
    json["min_value"] = Json::UInt64(var.min_value);
    json["max_value"] = Json::UInt64(var.max_value);
    json["split_to_cores"] = var.split_to_cores;
    json["next_var"] = name_or_null(var.next_var);
    return json;
  }
  Json::Value operator()(const WriteMaskFlowVar& write) const {
    Json::Value json(Json::objectValue);
    json["type"] = "write_mask_flow_var";
    json["name"] = write.name;
    json["pkt_offset"] = write.pkt_offset;
    json["pkt_cast_size"] = write.pkt_cast_size;
    json["mask"] = write.mask;
    json["shift"] = write.shift;
    json["add_value"] = write.add_value;
    json["is_big_endian"] = write.big_endian;
    return json;
  }
  Json::Value operator()(const TupleFlowVar& var) const {
    Json::Value json(Json::objectValue);
    json["type"] = "tuple_flow_var";
    json["name"] = var.name;
    json["ip_min"] = var.ip_min;
    json["ip_max"] = var.ip_max;
    json["port_min"] = var.port_min;
    json["port_max"] = var.port_max;
    json["limit_flows"] = var.limit_flows;
    json["flags"] = var.flags;
    return json;
  }
  Json::Value operator()(const TrimPktSize& trim) const {
    Json::Value json(Json::objectValue);
    json["type"] = "trim_pkt_size";
    json["name"] = trim.name;
    return json;
  }
  Json::Value operator()(const FixChecksumIcmpv6& fix) const {
    Json::Value json(Json::objectValue);
    json["type"] = "fix_checksum_icmpv6";
    json["l2_len"] = fix.l2_len;
    json["l3_len"] = fix.l3_len;
    return json;
  }
  Json::Value operator()(const WriteFlowVar& write) const {
    Json::Value json(Json::objectValue);
    json["type"] = "write_flow_var";
    json["name"] = write.name;
    json["pkt_offset"] = write.pkt_offset;
    json["add_value"] = write.add_value;
    json["is_big_endian"] = write.big_endian;
    return json;
  }
  Json::Value operator()(const FixChecksumIpv4& fix) const {
    Json::Value json(Json::objectValue);
    json["type"] = "fix_checksum_ipv4";
    json["pkt_offset"] = fix.pkt_offset;
    return json;
  }
  Json::Value operator()(const FixChecksumHw& fix) const {
    Json::Value json(Json::objectValue);
    json["type"] = "fix_checksum_hw";
    json["l2_len"] = fix.l2_len;
    json["l3_len"] = fix.l3_len;
    json["l4_type"] = fix.l4_type;
    return json;
  }
};

}  // namespace

std::string base64_encode(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const std::uint32_t chunk =
        (static_cast<std::uint32_t>(static_cast<std::uint8_t>(bytes[i])) << 16) |
        (static_cast<std::uint32_t>(static_cast<std::uint8_t>(bytes[i + 1])) << 8) |
        static_cast<std::uint8_t>(bytes[i + 2]);
    out.push_back(alphabet[(chunk >> 18) & 63]);
    out.push_back(alphabet[(chunk >> 12) & 63]);
    out.push_back(alphabet[(chunk >> 6) & 63]);
    out.push_back(alphabet[chunk & 63]);
  }
  const std::size_t rest = bytes.size() - i;
  if (rest > 0) {
    std::uint32_t chunk = static_cast<std::uint32_t>(static_cast<std::uint8_t>(bytes[i])) << 16;
    if (rest == 2)
      chunk |= static_cast<std::uint32_t>(static_cast<std::uint8_t>(bytes[i + 1])) << 8;
    out.push_back(alphabet[(chunk >> 18) & 63]);
    out.push_back(alphabet[(chunk >> 12) & 63]);
    out.push_back(rest == 2 ? alphabet[(chunk >> 6) & 63] : '=');
    out.push_back('=');
  }
  return out;
}

std::optional<std::string> base64_decode(std::string_view text) {
  std::array<int, 256> table{};
  table.fill(-1);
  for (std::size_t k = 0; k < alphabet.size(); ++k) {
    table[static_cast<std::uint8_t>(alphabet[k])] = static_cast<int>(k);
  }
  if (text.size() % 4 != 0) return std::nullopt;
  std::string out;
  out.reserve(text.size() / 4 * 3);
  for (std::size_t i = 0; i < text.size(); i += 4) {
    std::uint32_t chunk = 0;
    int padding = 0;
    for (std::size_t j = 0; j < 4; ++j) {
      const char c = text[i + j];
      if (c == '=') {
        // Padding only in the last quartet, only at its end.
        if (i + 4 != text.size() || j < 2) return std::nullopt;
        ++padding;
        chunk <<= 6;
        continue;
      }
      if (padding > 0) return std::nullopt;
      const int v = table[static_cast<std::uint8_t>(c)];
      if (v < 0) return std::nullopt;
      chunk = (chunk << 6) | static_cast<std::uint32_t>(v);
    }
    out.push_back(static_cast<char>((chunk >> 16) & 0xFF));
    if (padding < 2) out.push_back(static_cast<char>((chunk >> 8) & 0xFF));
    if (padding < 1) out.push_back(static_cast<char>(chunk & 0xFF));
  }
  return out;
}

Json::Value encode_vm(const VmProgram& program) {
  Json::Value instructions(Json::arrayValue);
  for (const VmInstruction& instruction : program) {
    instructions.append(std::visit(InstructionEncoder{}, instruction));
  }
  return instructions;
}

Json::Value encode_stream(const StreamSpec& stream) {
  Json::Value json(Json::objectValue);
  if (!stream.name.empty()) json["name"] = stream.name;
  json["enabled"] = stream.enabled;
  json["self_start"] = stream.self_start;
  json["start_paused"] = stream.start_paused;
  json["flags"] = stream.flags;
  json["action_count"] = stream.action_count;
  json["random_seed"] = stream.random_seed;
  json["isg"] = stream.isg_us;
  json["core_id"] = stream.core_id;
  json["next_stream_id"] = stream.next_stream_id;
  json["mode"] = encode_mode(stream.mode);
  Json::Value packet(Json::objectValue);
  packet["binary"] = base64_encode(stream.packet);
  packet["meta"] = stream.packet_meta;
  json["packet"] = packet;
  Json::Value vm(Json::objectValue);
  vm["instructions"] = encode_vm(stream.vm);
  if (stream.vm_cache) vm["cache"] = *stream.vm_cache;
  json["vm"] = vm;
  Json::Value flow_stats(Json::objectValue);
  flow_stats["enabled"] = stream.flow_stats.enabled;
  if (stream.flow_stats.enabled) {
    flow_stats["stream_id"] = stream.flow_stats.pg_id;
    flow_stats["rule_type"] = stream.flow_stats.rule_type;
  }
  json["flow_stats"] = flow_stats;
  return json;
}

}  // namespace trexsearch::trex::codec
