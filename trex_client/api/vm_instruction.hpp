#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace trexsearch::trex {

/// How a field-engine variable moves from packet to packet.
enum class FlowVarOp { inc, dec, random };

/// "inc", "dec" or "random" (TRex's spelling).
const char* to_string(FlowVarOp op);

/// `flow_var`: a 1/2/4/8-byte variable cycling over [min_value, max_value]
/// (trex-protocol.md §2.8).
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
};

/// `write_flow_var`: writes a variable (plus add_value) at a packet offset.
struct WriteFlowVar {
  std::string name;
  std::uint16_t pkt_offset = 0;
  std::int32_t add_value = 0;
  bool big_endian = true;
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
using VmInstruction = std::variant<FlowVar, WriteFlowVar, FixChecksumIpv4, FixChecksumHw>;

/// A stream's field-engine program.
using VmProgram = std::vector<VmInstruction>;

}  // namespace trexsearch::trex
