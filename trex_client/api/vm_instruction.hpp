#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace trexsearch::trex {

/// How a field-engine variable moves from packet to packet.
enum class FlowVarOp { inc, dec, random };

/// "inc", "dec" or "random" (TRex's spelling).
const char* to_string(FlowVarOp op);

/// `flow_var`: a 1/2/4/8-byte variable cycling over [min_value, max_value], or over
/// `value_list` (trex-protocol.md §2.8).
struct FlowVar {
  std::string name;
  std::uint8_t size_bytes = 4;
  FlowVarOp op = FlowVarOp::inc;
  std::uint64_t init_value = 0;
  std::uint64_t min_value = 0;
  std::uint64_t max_value = 0;
  /// Must be > 0, even for random.
  std::uint64_t step = 1;
  bool split_to_cores = true;
  /// Present: the values it takes, in order (then init/min/max are not sent).
  std::optional<std::vector<std::uint64_t>> value_list;
  /// The variable that steps when this one wraps (TRex's dependent variables).
  std::optional<std::string> next_var;
};

/// `flow_var_rand_limit`: `limit` random values in [min_value, max_value], repeated.
struct FlowVarRandLimit {
  std::string name;
  std::uint8_t size_bytes = 4;
  std::uint64_t limit = 1;
  std::uint64_t seed = 0;
  std::uint64_t min_value = 0;
  std::uint64_t max_value = 0;
  bool split_to_cores = true;
  std::optional<std::string> next_var;
};

/// `write_flow_var`: writes a variable (plus add_value) at a packet offset.
struct WriteFlowVar {
  std::string name;
  std::uint16_t pkt_offset = 0;
  std::int32_t add_value = 0;
  bool big_endian = true;
};

/// `write_mask_flow_var`: writes (variable << shift or >> -shift) + add_value under
/// `mask` into a 1/2/4-byte field.
struct WriteMaskFlowVar {
  std::string name;
  std::uint16_t pkt_offset = 0;
  std::uint16_t pkt_cast_size = 1;
  std::uint32_t mask = 0xff;
  std::int32_t shift = 0;
  std::int32_t add_value = 0;
  bool big_endian = true;
};

/// `tuple_flow_var`: client IP and port pairs; creates `<name>.ip` and `<name>.port`.
struct TupleFlowVar {
  std::string name;
  std::uint32_t ip_min = 0;
  std::uint32_t ip_max = 0;
  std::uint16_t port_min = 0;
  std::uint16_t port_max = 0;
  std::uint32_t limit_flows = 0;
  std::uint16_t flags = 0;
};

/// `trim_pkt_size`: cuts the packet to the length in variable `name`: the frame size
/// varies from packet to packet.
struct TrimPktSize {
  std::string name;
};

/// `fix_checksum_icmpv6`: recomputes an ICMPv6 checksum.
struct FixChecksumIcmpv6 {
  std::uint16_t l2_len = 14;
  std::uint16_t l3_len = 40;
};

/// `fix_checksum_ipv4`: recomputes the IPv4 header checksum in software.
struct FixChecksumIpv4 {
  /// Offset of the IPv4 header.
  std::uint16_t pkt_offset = 0;
};

/// `fix_checksum_hw`: lets the NIC fix the IP and L4 checksums.
struct FixChecksumHw {
  /// TRex's l4_type constants (Python client: UDP 11, TCP 13, IP only 17).
  static constexpr std::uint16_t l4_udp = 11;
  static constexpr std::uint16_t l4_tcp = 13;
  static constexpr std::uint16_t l4_ip_only = 17;

  std::uint16_t l2_len = 14;
  std::uint16_t l3_len = 20;
  std::uint16_t l4_type = l4_udp;
};

/// One field-engine (`vm.instructions`) entry.
/// Every instruction type TRex's add_stream accepts (trex-protocol.md §2.8).
using VmInstruction =
    std::variant<FlowVar, WriteFlowVar, FixChecksumIpv4, FixChecksumHw, FlowVarRandLimit,
                 WriteMaskFlowVar, TupleFlowVar, TrimPktSize, FixChecksumIcmpv6>;

/// A stream's field-engine program.
using VmProgram = std::vector<VmInstruction>;

}  // namespace trexsearch::trex
