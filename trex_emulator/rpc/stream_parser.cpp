#include "trex_emulator/rpc/stream_parser.hpp"

#include <algorithm>
#include <limits>

#include "trex_client/codec/json_text.hpp"
#include "trex_client/codec/stream_codec.hpp"
#include "trex_emulator/model/latency_payload.hpp"
#include "trex_emulator/model/rpc_fault.hpp"
#include "trex_emulator/rpc/param_reader.hpp"

namespace trexsearch::trex::emu {
namespace {

using P = ParamReader;

// TRex: MIN_PKT_SIZE 14, MAX_PKT_SIZE 9*1024+22 (trex-protocol.md §1.4).
constexpr std::size_t min_packet = 14;
constexpr std::size_t max_packet = 9 * 1024 + 22;

void parse_mode(const Json::Value& section, EmulatedStream& stream) {
  const Json::Value& mode = P::object(section, "mode");
  const std::string type = P::string(mode, "type");
  if (type == "continuous") {
    stream.mode = EmulatedStream::Mode::continuous;
  } else if (type == "single_burst") {
    stream.mode = EmulatedStream::Mode::single_burst;
    stream.total_pkts = P::uint32(mode, "total_pkts");
    if (stream.total_pkts == 0) throw_parse_error(type + ": 'total_pkts' cannot be zero.");
  } else if (type == "multi_burst") {
    stream.mode = EmulatedStream::Mode::multi_burst;
    stream.ibg_us = P::unsigned_number(mode, "ibg");
    stream.burst_count = P::uint32(mode, "count");
    stream.pkts_per_burst = P::uint32(mode, "pkts_per_burst");
    if (stream.pkts_per_burst == 0) {
      throw_parse_error(type + ": 'pkts_per_burst' cannot be zero.");
    }
  } else {
    throw_parse_error("bad stream type provided: '" + type + "'");
  }
  const Json::Value& rate = P::object(mode, "rate");
  stream.rate_value = P::unsigned_number(rate, "value");
  const std::string rate_type = P::choice(rate, "type", {"pps", "bps_L1", "bps_L2", "percentage"});
  if (rate_type == "pps") {
    stream.rate_type = EmulatedStream::RateType::pps;
  } else if (rate_type == "bps_L1") {
    stream.rate_type = EmulatedStream::RateType::bps_l1;
  } else if (rate_type == "bps_L2") {
    stream.rate_type = EmulatedStream::RateType::bps_l2;
  } else {
    stream.rate_type = EmulatedStream::RateType::percentage;
  }
}

// TrexRpcCmdAddStream::check_min_max.
void check_min_max(int size, std::uint64_t init, std::uint64_t step, std::uint64_t min,
                   std::uint64_t max) {
  if (step == 0) throw_parse_error("VM: step cannot be 0");
  if (max < min) {
    throw_parse_error("VM: requested flow var max value: '" + std::to_string(max) +
                      "' is smaller than min value: " + std::to_string(min));
  }
  if (init < min || init > max) {
    throw_parse_error("VM: requested flow var init value: '" + std::to_string(init) +
                      "' should be in range from min value '" + std::to_string(min) +
                      "' to max value '" + std::to_string(max) + "'");
  }
  const std::uint64_t limit = size == 1   ? 0xFFu
                              : size == 2 ? 0xFFFFu
                              : size == 4 ? 0xFFFFFFFFu
                                          : std::numeric_limits<std::uint64_t>::max();
  if (init > limit || min > limit || max > limit || step > limit) {
    throw_parse_error("VM: requested value is bigger than " + std::to_string(limit));
  }
}

void parse_flow_var(const Json::Value& inst) {
  P::string(inst, "name");
  if (!P::absent(inst, "next_var")) P::string(inst, "next_var");
  const int size = P::int_choice(inst, "size", {1, 2, 4, 8});
  P::choice(inst, "op", {"inc", "dec", "random"});
  const bool has_list = !P::absent(inst, "value_list");
  const std::uint64_t step = P::uint64(inst, "step");
  if (!P::absent(inst, "split_to_cores")) P::boolean(inst, "split_to_cores");
  if (!has_list) {
    check_min_max(size, P::uint64(inst, "init_value"), step, P::uint64(inst, "min_value"),
                  P::uint64(inst, "max_value"));
    return;
  }
  const Json::Value& list = P::array(inst, "value_list");
  if (step == 0) throw_parse_error("VM: step cannot be 0");
  if (step > list.size()) throw_parse_error("VM: step cannot be bigger than list size");
  if (list.size() > 0xFFFF) throw_parse_error("VM: value_list size is bigger than 65535");
}

void parse_flow_var_rand_limit(const Json::Value& inst) {
  P::string(inst, "name");
  const int size = P::int_choice(inst, "size", {1, 2, 4, 8});
  P::uint64(inst, "seed");
  const std::uint64_t limit = P::uint64(inst, "limit");
  const std::uint64_t min = P::uint64(inst, "min_value");
  const std::uint64_t max = P::uint64(inst, "max_value");
  if (limit < 1) throw_parse_error("VM: request random flow var variable with limit of zero '");
  check_min_max(size, min, 1, min, max);
}

void parse_instruction(const Json::Value& inst) {
  const std::string type = P::choice(
      inst, "type",
      {"fix_checksum_hw", "fix_checksum_ipv4", "fix_checksum_icmpv6", "flow_var", "write_flow_var",
       "tuple_flow_var", "trim_pkt_size", "write_mask_flow_var", "flow_var_rand_limit"});
  if (type == "fix_checksum_ipv4") {
    P::uint16(inst, "pkt_offset");
  } else if (type == "fix_checksum_hw") {
    P::uint16(inst, "l2_len");
    P::uint16(inst, "l3_len");
    P::uint16(inst, "l4_type");
  } else if (type == "fix_checksum_icmpv6") {
    P::uint16(inst, "l2_len");
    P::uint16(inst, "l3_len");
  } else if (type == "flow_var") {
    parse_flow_var(inst);
  } else if (type == "flow_var_rand_limit") {
    parse_flow_var_rand_limit(inst);
  } else if (type == "write_flow_var") {
    P::string(inst, "name");
    P::uint16(inst, "pkt_offset");
    P::integer(inst, "add_value");
    P::boolean(inst, "is_big_endian");
  } else if (type == "write_mask_flow_var") {
    P::string(inst, "name");
    P::uint16(inst, "pkt_offset");
    P::uint16(inst, "pkt_cast_size");
    P::uint32(inst, "mask");
    P::integer(inst, "shift");
    P::integer(inst, "add_value");
    P::boolean(inst, "is_big_endian");
  } else if (type == "tuple_flow_var") {
    P::string(inst, "name");
    P::uint32(inst, "ip_min");
    P::uint32(inst, "ip_max");
    P::uint16(inst, "port_min");
    P::uint16(inst, "port_max");
    P::uint32(inst, "limit_flows");
    P::uint16(inst, "flags");
  } else if (type == "trim_pkt_size") {
    P::string(inst, "name");
  }
}

}  // namespace

double EmulatedStream::base_pps(double link_bps) const {
  switch (rate_type) {
    case RateType::pps:
      return rate_value;
    case RateType::bps_l2:
      return rate_value / (frame_bytes() * 8.0);
    case RateType::bps_l1:
      return rate_value / ((frame_bytes() + 20.0) * 8.0);
    case RateType::percentage:
      return rate_value / 100.0 * link_bps / ((frame_bytes() + 20.0) * 8.0);
  }
  return rate_value;
}

namespace {

/// The stream's own fields, in TRex's order; its core pinning (-1: not pinned).
int parse_stream_fields(const Json::Value& section, const StreamLimits& limits,
                        EmulatedStream& stream) {
  parse_mode(section, stream);
  stream.stored_json = codec::write_json(section);
  stream.enabled = P::boolean(section, "enabled");
  stream.self_start = P::boolean(section, "self_start");
  if (!P::absent(section, "start_paused")) P::boolean(section, "start_paused");
  const int flags = P::integer(section, "flags");
  stream.null_stream = (flags & 8) != 0;
  P::uint32(section, "action_count");
  if (!P::absent(section, "random_seed")) P::uint32(section, "random_seed");
  stream.isg_us = P::unsigned_number(section, "isg");
  P::integer(section, "next_stream_id");
  // Negative: not pinned (TRex's default -1).
  const int core_id = P::absent(section, "core_id") ? -1 : P::integer(section, "core_id");
  if (core_id >= 0 && static_cast<std::uint32_t>(core_id) >= limits.dp_core_count) {
    throw_execute_error(limits.dp_core_count == 1
                            ? std::string("There is only one core, hence core ID must be 0.")
                            : "Core ID is: " + std::to_string(core_id) +
                                  ". It must be an integer between 0 and " +
                                  std::to_string(limits.dp_core_count - 1) + " (inclusive).");
  }
  return core_id;
}

/// The packet's bytes (decoded) and the stream's frame length.
std::optional<std::string> parse_packet(const Json::Value& section, EmulatedStream& stream) {
  const Json::Value& packet = P::object(section, "packet");
  std::optional<std::string> binary = codec::base64_decode(P::string(packet, "binary"));
  // TRex's decoder skips invalid characters; a client sending invalid base64 gets the
  // size error at worst. Treat undecodable text as an empty packet for the same effect.
  const std::size_t size = binary ? binary->size() : 0;
  if (size < min_packet || size > max_packet) {
    throw_execute_error("Bad packet size provided: " + std::to_string(size) +
                        ". Should be between " + std::to_string(min_packet) + " and " +
                        std::to_string(max_packet));
  }
  stream.packet_len = static_cast<std::uint32_t>(std::max<std::size_t>(size, 60));
  P::string(packet, "meta");
  return binary;
}

/// flow_stats: the pg id, and for a latency stream the checks of
/// CFlowStatRuleMgr::add_stream_internal, in its order.
void parse_flow_stats(const Json::Value& section, const StreamLimits& limits, int core_id,
                      const std::optional<std::string>& binary, EmulatedStream& stream) {
  const Json::Value& rx = P::object(section, "flow_stats");
  stream.flow_stats = P::boolean(rx, "enabled");
  if (!stream.flow_stats) return;
  // TrexRpcCmdAddStream: checked before the pg id is even read, as a parse error.
  if (!limits.rx_stats) throw_parse_error("RX stats is not supported on this interface");
  stream.pg_id = P::uint32(rx, "stream_id");
  if (!P::absent(rx, "vxlan")) P::boolean(rx, "vxlan");
  if (!P::absent(rx, "ieee_1588")) P::boolean(rx, "ieee_1588");
  const std::string rule = P::string(rx, "rule_type");
  stream.latency = rule == "latency";
  if (rule != "stats" && core_id >= 0) {
    throw_execute_error("Core ID pinning is not supported for sequenced streams.");
  }
  if (!stream.latency) return;
  if (!limits.latency) throw_execute_error("Interface does not support given rule type");
  const std::optional<std::size_t> payload =
      l4_payload_bytes(binary ? std::string_view(*binary) : std::string_view());
  if (!payload) throw_execute_error("Failed getting payload len");
  if (*payload < latency_trailer_bytes) {
    throw_execute_error("Need at least " + std::to_string(latency_trailer_bytes) +
                        " payload bytes for payload rules. Packet only has " +
                        std::to_string(*payload) + " bytes");
  }
}

}  // namespace

EmulatedStream parse_stream(const Json::Value& section, const StreamLimits& limits) {
  EmulatedStream stream;
  const int core_id = parse_stream_fields(section, limits, stream);
  const std::optional<std::string> binary = parse_packet(section, stream);
  const Json::Value& vm = P::object(section, "vm");
  const Json::Value& instructions = P::array(vm, "instructions");
  for (Json::ArrayIndex i = 0; i < instructions.size(); ++i) {
    parse_instruction(P::object_at(instructions, i));
  }
  parse_flow_stats(section, limits, core_id, binary, stream);
  return stream;
}

}  // namespace trexsearch::trex::emu
