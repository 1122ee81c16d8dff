#include "trex_client/codec/native_stream_codec.hpp"

#include <limits>
#include <string>

#include "trex_client/codec/header_stack_codec.hpp"
#include "trex_client/codec/stream_codec.hpp"

namespace trexsearch::trex::codec {
namespace {

constexpr std::uint64_t kU16 = 0xFFFF;
constexpr std::uint64_t kU32 = 0xFFFFFFFF;

std::uint64_t size_limit(std::uint8_t size_bytes) {
  return size_bytes == 8 ? std::numeric_limits<std::uint64_t>::max()
                         : (std::uint64_t{1} << (8U * size_bytes)) - 1;
}

// One of an enum's values, by TRex's spelling (to_string); fails listing them.
template <class Enum>
Enum read_enum(const FieldReader& field, std::initializer_list<Enum> values) {
  const std::string text = field.as_string();
  std::string known;
  std::size_t i = 0;
  for (const Enum value : values) {
    if (text == to_string(value)) return value;
    known += std::string(i == 0                   ? ""
                         : i + 1 == values.size() ? " or "
                                                  : ", ") +
             "\"" + to_string(value) + "\"";
    ++i;
  }
  field.fail("must be " + known);
}

std::uint8_t read_var_size(const FieldReader& field) {
  const std::uint64_t size = field.as_u64();
  if (size != 1 && size != 2 && size != 4 && size != 8) field.fail("must be 1, 2, 4 or 8 bytes");
  return static_cast<std::uint8_t>(size);
}

std::optional<std::string> read_next_var(const FieldReader& field) {
  if (!field.has("next_var")) return std::nullopt;
  return field.string("next_var");
}

// What TRex checks of a variable's range (StreamVmInstructionFlowMan::sanity_check).
void check_range(const FieldReader& field, std::uint8_t size, std::uint64_t min,
                 std::uint64_t max) {
  if (max < min) field.at("max_value").fail("must be at least min_value");
  if (max > size_limit(size)) {
    field.at("max_value").fail("does not fit in " + std::to_string(size) + " bytes");
  }
}

FlowVar read_flow_var(const FieldReader& field) {
  field.reject_unknown({"type", "name", "size", "op", "init_value", "min_value", "max_value",
                        "value_list", "step", "split_to_cores", "next_var"});
  FlowVar var;
  var.name = field.string("name");
  var.size_bytes = read_var_size(field.at("size"));
  var.op = read_enum(field.at("op"), {FlowVarOp::inc, FlowVarOp::dec, FlowVarOp::random});
  var.step = field.u64("step");
  if (var.step == 0) field.at("step").fail("must be at least 1 (TRex requires it even for random)");
  var.split_to_cores = field.boolean_or("split_to_cores", true);
  var.next_var = read_next_var(field);
  if (field.has("value_list")) {
    const FieldReader list = field.at("value_list");
    if (list.array_size() == 0 || list.array_size() > kU16) {
      list.fail("must hold 1 to 65535 values");
    }
    std::vector<std::uint64_t> values;
    for (Json::ArrayIndex i = 0; i < list.array_size(); ++i) {
      values.push_back(list.element(i).as_u64(size_limit(var.size_bytes)));
    }
    if (var.step > values.size()) field.at("step").fail("must not exceed the value_list's size");
    var.value_list = std::move(values);
    return var;
  }
  var.min_value = field.u64("min_value");
  var.max_value = field.u64("max_value");
  var.init_value = field.u64("init_value");
  check_range(field, var.size_bytes, var.min_value, var.max_value);
  if (var.init_value < var.min_value || var.init_value > var.max_value) {
    field.at("init_value").fail("must be within [min_value, max_value]");
  }
  return var;
}

FlowVarRandLimit read_rand_limit(const FieldReader& field) {
  field.reject_unknown({"type", "name", "size", "limit", "seed", "min_value", "max_value",
                        "split_to_cores", "next_var"});
  FlowVarRandLimit var;
  var.name = field.string("name");
  var.size_bytes = read_var_size(field.at("size"));
  var.limit = field.u64("limit");
  if (var.limit == 0) field.at("limit").fail("must be at least 1");
  var.seed = field.u64("seed");
  var.min_value = field.u64("min_value");
  var.max_value = field.u64("max_value");
  check_range(field, var.size_bytes, var.min_value, var.max_value);
  var.split_to_cores = field.boolean_or("split_to_cores", true);
  var.next_var = read_next_var(field);
  return var;
}

std::int32_t read_add_value(const FieldReader& field) {
  return static_cast<std::int32_t>(field.at("add_value")
                                       .as_i64(std::numeric_limits<std::int32_t>::min(),
                                               std::numeric_limits<std::int32_t>::max()));
}

WriteFlowVar read_write(const FieldReader& field) {
  field.reject_unknown({"type", "name", "pkt_offset", "add_value", "is_big_endian"});
  WriteFlowVar write;
  write.name = field.string("name");
  write.pkt_offset = static_cast<std::uint16_t>(field.u64("pkt_offset", kU16));
  write.add_value = read_add_value(field);
  write.big_endian = field.boolean_or("is_big_endian", true);
  return write;
}

WriteMaskFlowVar read_write_mask(const FieldReader& field) {
  field.reject_unknown({"type", "name", "pkt_offset", "pkt_cast_size", "mask", "shift", "add_value",
                        "is_big_endian"});
  WriteMaskFlowVar write;
  write.name = field.string("name");
  write.pkt_offset = static_cast<std::uint16_t>(field.u64("pkt_offset", kU16));
  const std::uint64_t cast = field.u64("pkt_cast_size");
  if (cast != 1 && cast != 2 && cast != 4) field.at("pkt_cast_size").fail("must be 1, 2 or 4");
  write.pkt_cast_size = static_cast<std::uint16_t>(cast);
  write.mask = static_cast<std::uint32_t>(field.u64("mask", kU32));
  write.shift = static_cast<std::int32_t>(field.at("shift").as_i64(-64, 64));
  write.add_value = read_add_value(field);
  write.big_endian = field.boolean_or("is_big_endian", true);
  return write;
}

TupleFlowVar read_tuple(const FieldReader& field) {
  field.reject_unknown(
      {"type", "name", "ip_min", "ip_max", "port_min", "port_max", "limit_flows", "flags"});
  TupleFlowVar var;
  var.name = field.string("name");
  var.ip_min = static_cast<std::uint32_t>(field.u64("ip_min", kU32));
  var.ip_max = static_cast<std::uint32_t>(field.u64("ip_max", kU32));
  if (var.ip_max < var.ip_min) field.at("ip_max").fail("must be at least ip_min");
  var.port_min = static_cast<std::uint16_t>(field.u64("port_min", kU16));
  var.port_max = static_cast<std::uint16_t>(field.u64("port_max", kU16));
  if (var.port_max < var.port_min) field.at("port_max").fail("must be at least port_min");
  var.limit_flows = static_cast<std::uint32_t>(field.u64_or("limit_flows", 0));
  var.flags = static_cast<std::uint16_t>(field.u64_or("flags", 0));
  return var;
}

VmInstruction read_instruction(const FieldReader& field) {
  field.expect_object();
  const std::string type = field.string("type");
  if (type == "flow_var") return read_flow_var(field);
  if (type == "flow_var_rand_limit") return read_rand_limit(field);
  if (type == "write_flow_var") return read_write(field);
  if (type == "write_mask_flow_var") return read_write_mask(field);
  if (type == "tuple_flow_var") return read_tuple(field);
  if (type == "trim_pkt_size") {
    field.reject_unknown({"type", "name"});
    return TrimPktSize{field.string("name")};
  }
  if (type == "fix_checksum_ipv4") {
    field.reject_unknown({"type", "pkt_offset"});
    return FixChecksumIpv4{static_cast<std::uint16_t>(field.u64("pkt_offset", kU16))};
  }
  if (type == "fix_checksum_hw") {
    field.reject_unknown({"type", "l2_len", "l3_len", "l4_type"});
    return FixChecksumHw{static_cast<std::uint16_t>(field.u64("l2_len", kU16)),
                         static_cast<std::uint16_t>(field.u64("l3_len", kU16)),
                         static_cast<std::uint16_t>(field.u64("l4_type", kU16))};
  }
  if (type == "fix_checksum_icmpv6") {
    field.reject_unknown({"type", "l2_len", "l3_len"});
    return FixChecksumIcmpv6{static_cast<std::uint16_t>(field.u64("l2_len", kU16)),
                             static_cast<std::uint16_t>(field.u64("l3_len", kU16))};
  }
  field.at("type").fail(
      "is not a field-engine instruction TRex knows (flow_var, flow_var_rand_limit, "
      "write_flow_var, write_mask_flow_var, tuple_flow_var, trim_pkt_size, fix_checksum_ipv4, "
      "fix_checksum_hw, fix_checksum_icmpv6)");
}

StreamRate read_rate(const FieldReader& field) {
  field.reject_unknown({"type", "value"});
  StreamRate rate;
  rate.type = read_enum(field.at("type"),
                        {RateType::pps, RateType::bps_l1, RateType::bps_l2, RateType::percentage});
  rate.value = field.number("value");
  if (!(rate.value > 0.0)) field.at("value").fail("must be a positive number");
  return rate;
}

StreamMode read_mode(const FieldReader& field) {
  field.reject_unknown({"type", "rate", "total_pkts", "pkts_per_burst", "ibg", "count"});
  StreamMode mode;
  mode.rate = read_rate(field.at("rate"));
  mode.type = read_enum(field.at("type"), {StreamModeType::continuous, StreamModeType::single_burst,
                                           StreamModeType::multi_burst});
  if (mode.type == StreamModeType::single_burst) {
    mode.total_pkts = static_cast<std::uint32_t>(field.u64_or("total_pkts", 0));
  } else if (mode.type == StreamModeType::multi_burst) {
    mode.pkts_per_burst = static_cast<std::uint32_t>(field.u64_or("pkts_per_burst", 0));
    mode.ibg_us = field.number_or("ibg", 0.0);
    mode.count = static_cast<std::uint32_t>(field.u64_or("count", 0));
  }
  return mode;
}

void read_packet(const FieldReader& field, StreamSpec& spec) {
  field.reject_unknown({"binary", "meta"});
  const std::optional<std::string> bytes = base64_decode(field.string("binary"));
  if (!bytes) field.at("binary").fail("is not base64");
  if (bytes->size() < StreamSpec::min_packet_bytes ||
      bytes->size() > StreamSpec::max_packet_bytes) {
    field.at("binary").fail("is a " + std::to_string(bytes->size()) +
                            "-byte packet: TRex takes 14 to 9238 bytes (the frame without FCS)");
  }
  spec.packet = *bytes;
  spec.packet_meta = field.string_or("meta", "");
}

void read_vm(const FieldReader& field, StreamSpec& spec) {
  field.reject_unknown({"instructions", "cache", "split_by_var"});
  const FieldReader instructions = field.at("instructions");
  for (Json::ArrayIndex i = 0; i < instructions.array_size(); ++i) {
    spec.vm.push_back(read_instruction(instructions.element(i)));
  }
  if (field.has("cache")) spec.vm_cache = static_cast<std::uint16_t>(field.u64("cache", kU16));
}

void read_flow_stats(const FieldReader& field, StreamSpec& spec) {
  field.reject_unknown({"enabled", "stream_id", "rule_type", "vxlan", "ieee_1588"});
  spec.flow_stats.enabled = field.boolean_or("enabled", false);
  if (!spec.flow_stats.enabled) return;
  spec.flow_stats.pg_id = static_cast<std::uint32_t>(field.u64("stream_id", kU32));
  spec.flow_stats.rule_type = field.string_or("rule_type", "stats");
}

}  // namespace

NativeStream read_native_stream(const FieldReader& field) {
  field.expect_object();
  field.reject_unknown({"name", "next", "enabled", "self_start", "start_paused", "flags",
                        "action_count", "random_seed", "isg", "core_id", "next_stream_id", "mode",
                        "packet", "vm", "flow_stats"});
  NativeStream stream;
  StreamSpec& spec = stream.spec;
  spec.name = field.string_or("name", "");
  if (field.has("next")) stream.next = field.string("next");
  spec.enabled = field.boolean_or("enabled", true);
  spec.self_start = field.boolean_or("self_start", true);
  spec.start_paused = field.boolean_or("start_paused", false);
  spec.flags = static_cast<std::uint32_t>(field.u64_or("flags", 0));
  if (spec.flags > 0xF) field.at("flags").fail("has bits TRex does not define (0..15)");
  spec.action_count = static_cast<std::uint32_t>(field.u64_or("action_count", 0));
  spec.random_seed = static_cast<std::uint32_t>(field.u64_or("random_seed", 0));
  spec.isg_us = field.number_or("isg", 0.0);
  if (!(spec.isg_us >= 0.0)) field.at("isg").fail("must not be negative");
  if (field.has("core_id")) {
    spec.core_id = static_cast<std::int32_t>(field.at("core_id").as_i64(-1, 255));
  }
  if (field.has("next_stream_id")) {
    spec.next_stream_id = static_cast<std::int32_t>(
        field.at("next_stream_id").as_i64(-1, std::numeric_limits<std::int32_t>::max()));
  }
  spec.mode = read_mode(field.at("mode"));
  read_packet(field.at("packet"), spec);
  if (field.has("vm")) read_vm(field.at("vm"), spec);
  if (field.has("flow_stats")) read_flow_stats(field.at("flow_stats"), spec);
  return stream;
}

Json::Value encode_native_stream(const NativeStream& stream) {
  Json::Value json = encode_stream(stream.spec);
  if (stream.next) json["next"] = *stream.next;
  return json;
}

namespace {

std::vector<NativeStream> read_stream_list(const FieldReader& list) {
  if (list.array_size() == 0) list.fail("needs at least one stream");
  std::vector<NativeStream> streams;
  for (Json::ArrayIndex i = 0; i < list.array_size(); ++i) {
    streams.push_back(read_native_stream(list.element(i)));
  }
  return streams;
}

Json::Value encode_stream_list(const std::vector<NativeStream>& streams) {
  Json::Value list(Json::arrayValue);
  for (const NativeStream& stream : streams) list.append(encode_native_stream(stream));
  return list;
}

}  // namespace

// `trex_streams`: one list for every transmitting port, or lists keyed by port id,
// each as `stl-sim -f PROFILE -i PORT --json` prints it.
NativeStreams read_trex_streams(const FieldReader& root) {
  for (const std::string_view key : packet_language_keys()) {
    if (root.has(key)) {
      root.at(key).fail("trex_streams gives the packets and their field engine: leave " +
                        std::string(key) + " out, or trex_streams");
    }
  }
  NativeStreams streams;
  const FieldReader field = root.at("trex_streams");
  if (field.json().isArray()) {
    streams.every_port = read_stream_list(field);
  } else if (field.json().isObject()) {
    if (field.json().empty()) field.fail("needs the streams of at least one port");
    for (const std::string& key : field.json().getMemberNames()) {
      const bool digits = !key.empty() && key.size() <= 3 &&
                          key.find_first_not_of("0123456789") == std::string::npos;
      if (!digits || std::stoul(key) > 254) {
        field.at(key).fail("\"" + key + "\" is not a port id (0..254)");
      }
      streams.per_port[static_cast<std::uint8_t>(std::stoul(key))] =
          read_stream_list(field.at(key));
    }
  } else {
    field.fail("must be a list of streams, or an object of lists keyed by port id");
  }
  if (root.has("mean_frame_size")) {
    streams.mean_frame_size = root.number("mean_frame_size");
  }
  return streams;
}

void encode_trex_streams(const NativeStreams& streams, Json::Value& json) {
  if (streams.every_port) {
    json["trex_streams"] = encode_stream_list(*streams.every_port);
  } else {
    Json::Value ports(Json::objectValue);
    for (const auto& [port, list] : streams.per_port) {
      ports[std::to_string(port)] = encode_stream_list(list);
    }
    json["trex_streams"] = ports;
  }
  if (streams.mean_frame_size) json["mean_frame_size"] = *streams.mean_frame_size;
}

}  // namespace trexsearch::trex::codec
