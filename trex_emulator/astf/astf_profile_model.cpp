#include "trex_emulator/astf/astf_profile_model.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace trexsearch::trex::emu {
namespace {

constexpr std::uint64_t max_steps = 1'000'000;

/// The payload sizes a program sends, in order, loops expanded; and its keepalive.
struct ProgramRun {
  std::vector<std::uint64_t> sends;
  bool waits = false;
  std::uint64_t keepalive_ms = 1000;
};

ProgramRun run_program(const AstfProgram& program, std::size_t index) {
  ProgramRun run;
  std::map<std::int64_t, std::int64_t> vars;
  const auto size = static_cast<std::int64_t>(program.commands.size());
  std::uint64_t steps = 0;
  for (std::int64_t pc = 0; pc >= 0 && pc < size; ++pc) {
    if (++steps > max_steps) {
      throw std::invalid_argument("program " + std::to_string(index) +
                                  " does not end within a million commands");
    }
    const AstfCommand& command = program.commands[static_cast<std::size_t>(pc)];
    switch (command.kind) {
      case AstfCommand::Kind::tx:
      case AstfCommand::Kind::tx_msg:
        run.sends.push_back(command.bytes);
        break;
      case AstfCommand::Kind::rx:
      case AstfCommand::Kind::rx_msg:
        run.waits = true;
        break;
      case AstfCommand::Kind::keepalive:
        run.keepalive_ms = command.msec;
        break;
      case AstfCommand::Kind::set_var:
        vars[command.var] = command.value;
        break;
      case AstfCommand::Kind::jmp_nz:
        // TRex decrements first and jumps while the variable is not zero.
        if (--vars[command.var] != 0) pc += command.offset - 1;
        break;
      default:
        break;
    }
  }
  return run;
}

std::uint64_t segments(std::uint64_t bytes, std::uint32_t mss) {
  return bytes == 0 ? 0 : (bytes + mss - 1) / mss;
}

// Data segments of `sender`, and the receiver's ACKs for them (one per two segments
// of each tx, a delayed ACK).
void add_tcp_data(const ProgramRun& run, std::uint32_t mss, AstfSideShape& sender,
                  AstfSideShape& receiver) {
  for (const std::uint64_t bytes : run.sends) {
    const std::uint64_t count = segments(bytes, mss);
    sender.data_packets += count;
    sender.data_bytes += bytes;
    sender.frame_bytes += bytes + count * astf_tcp_overhead_bytes;
    const std::uint64_t acks = (count + 1) / 2;
    receiver.acks += acks;
    receiver.frame_bytes += acks * astf_tcp_overhead_bytes;
  }
}

std::uint64_t udp_frame(std::uint64_t payload) {
  return std::max<std::uint64_t>(64, payload + astf_udp_overhead_bytes);
}

}  // namespace

AstfFlowShape astf_flow_shape(const AstfProfileModel& profile, const AstfTemplate& tmpl) {
  const AstfProgram& client = profile.programs.at(tmpl.client_program);
  const AstfProgram& server = profile.programs.at(tmpl.server_program);
  const ProgramRun client_run = run_program(client, tmpl.client_program);
  const ProgramRun server_run = run_program(server, tmpl.server_program);
  AstfFlowShape shape;
  shape.udp = client.udp;
  if (shape.udp) {
    for (const std::uint64_t bytes : client_run.sends) {
      ++shape.client.data_packets;
      shape.client.data_bytes += bytes;
      shape.client.frame_bytes += udp_frame(bytes);
    }
    for (const std::uint64_t bytes : server_run.sends) {
      ++shape.server.data_packets;
      shape.server.data_bytes += bytes;
      shape.server.frame_bytes += udp_frame(bytes);
    }
    shape.trips = shape.server.data_packets > 0 ? 2 : 1;
    shape.client_waits = client_run.waits;
    shape.client_keepalive_s = static_cast<double>(client_run.keepalive_ms) / 1000.0;
    return shape;
  }
  // Client: SYN, handshake ACK, FIN, last ACK; server: SYN-ACK, ACK of the FIN, FIN.
  shape.client.ctrl = 2;
  shape.client.acks = 2;
  shape.client.frame_bytes = astf_syn_frame_bytes + 3 * astf_tcp_overhead_bytes;
  shape.server.ctrl = 2;
  shape.server.acks = 1;
  shape.server.frame_bytes = astf_syn_frame_bytes + 2 * astf_tcp_overhead_bytes;
  add_tcp_data(client_run, tmpl.client_mss, shape.client, shape.server);
  add_tcp_data(server_run, tmpl.server_mss, shape.server, shape.client);
  // Handshake (3 trips), one trip per tx, the close (2 trips).
  shape.trips = static_cast<std::uint32_t>(
      5 + std::min<std::size_t>(client_run.sends.size() + server_run.sends.size(), 1000000));
  return shape;
}

}  // namespace trexsearch::trex::emu
