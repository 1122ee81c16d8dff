#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace trexsearch::trex::emu {

/// One command of an ASTF program (trex-astf.md §2.2), reduced to what decides the
/// packets a flow sends: the rest (delays, user counters, ...) is `other`.
struct AstfCommand {
  enum class Kind { connect, tx, rx, nc, tx_msg, rx_msg, keepalive, set_var, jmp_nz, other };
  Kind kind = Kind::other;
  /// tx / tx_msg: the payload size of the buffer sent [B].
  std::uint64_t bytes = 0;
  /// set_var / jmp_nz: the variable.
  std::int64_t var = 0;
  /// set_var: the value.
  std::int64_t value = 0;
  /// jmp_nz: the jump, relative to the command's own index.
  std::int64_t offset = 0;
  /// keepalive: the idle time [ms].
  std::uint64_t msec = 0;
};

/// A program of the profile's program_list.
struct AstfProgram {
  /// `stream: false`: a UDP (message) program.
  bool udp = false;
  std::vector<AstfCommand> commands;
};

/// One template of the profile: a client and a server program and the client's rate.
struct AstfTemplate {
  std::size_t client_program = 0;
  std::size_t server_program = 0;
  /// New flows per second at multiplier 1 (client_template.cps).
  double cps = 1.0;
  /// Total flows of the template (client_template.limit); none: unlimited.
  std::optional<std::uint64_t> limit;
  /// TCP maximum segment size of each side (glob_info tcp.mss; TRex's default 1460).
  std::uint32_t client_mss = 1460;
  std::uint32_t server_mss = 1460;
};

/// A parsed, validated ASTF profile (what PARSE produces from the uploaded JSON).
struct AstfProfileModel {
  std::vector<AstfProgram> programs;
  std::vector<AstfTemplate> templates;
};

/// What one side sends over one flow.
struct AstfSideShape {
  /// Data segments (TCP) or messages (UDP) and their payload bytes.
  std::uint64_t data_packets = 0;
  std::uint64_t data_bytes = 0;
  /// TCP: ACK-only segments (handshake, data, close).
  std::uint64_t acks = 0;
  /// TCP: SYN / SYN-ACK / FIN segments.
  std::uint64_t ctrl = 0;
  /// Every frame's size on the wire, FCS included [B].
  std::uint64_t frame_bytes = 0;

  std::uint64_t packets() const { return data_packets + acks + ctrl; }
};

/// What one flow of a template puts on the wire when nothing is lost (the
/// packet-per-transaction rule of docs/trex-emulator.md).
struct AstfFlowShape {
  bool udp = false;
  AstfSideShape client;
  AstfSideShape server;
  /// One-way trips through the SUT a complete flow takes.
  std::uint32_t trips = 2;
  /// UDP: the client program waits for packets (rx_msg): without an answer its flow
  /// ends by the keepalive timer.
  bool client_waits = false;
  /// UDP: the client's keepalive (idle timeout) [s]; TRex's default is 1 s.
  double client_keepalive_s = 1.0;
};

/// Frame sizes with the FCS [B] (TCP with the timestamp option TRex sends).
inline constexpr std::uint64_t astf_syn_frame_bytes = 78;
inline constexpr std::uint64_t astf_tcp_overhead_bytes = 70;
inline constexpr std::uint64_t astf_udp_overhead_bytes = 46;

/// The shape of one flow of `tmpl`: loops expanded (set_var / jmp_nz), TCP segments
/// per `tx` = ceil(bytes / mss) plus ceil(segments / 2) ACKs from the receiver, and
/// the 4 + 3 handshake and close segments. Throws std::invalid_argument naming the
/// program when its loops do not end within a million steps.
AstfFlowShape astf_flow_shape(const AstfProfileModel& profile, const AstfTemplate& tmpl);

}  // namespace trexsearch::trex::emu
