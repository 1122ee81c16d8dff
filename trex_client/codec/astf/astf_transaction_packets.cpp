#include "trex_client/codec/astf/astf_transaction_packets.hpp"

#include <algorithm>
#include <map>
#include <string>

namespace trexsearch::trex::codec {
namespace {

// Commands a transaction of a few thousand frames runs; beyond it, nothing is told.
constexpr std::size_t kMaxSteps = 1000000;
// TRex's default TCP MSS, and what a segment carries less than it: TRex sends 12 B of
// timestamp options inside the MSS (CSIT trex-astf-ethip4tcp-*-pps.py).
constexpr std::int64_t kDefaultMss = 1460;
constexpr std::int64_t kTcpOptions = 12;

// One letter per executed command that puts packets on the wire or shapes them:
// C connect, T tx, R rx, N nc, M tx_msg. Others that send nothing are left out.
std::optional<char> trace_letter(const std::string& name) {
  static const std::map<std::string, char, std::less<>> kLetters{
      {"connect", 'C'}, {"tx", 'T'}, {"rx", 'R'}, {"nc", 'N'}, {"tx_msg", 'M'}};
  const auto found = kLetters.find(name);
  if (found == kLetters.end()) return std::nullopt;
  return found->second;
}

bool sends_nothing(const std::string& name) {
  static constexpr std::string_view kQuiet[] = {
      "rx_msg",  "keepalive",    "close_msg",    "delay",     "delay_rnd",
      "tx_mode", "set_tick_var", "add_tick_var", "add_stats", "add_tick_stats"};
  return std::find(std::begin(kQuiet), std::end(kQuiet), name) != std::end(kQuiet);
}

// Runs the program's control flow (set_var, add_var, jmp_nz: decrement, jump while not
// zero) and returns the letters of what it executed; nothing for commands whose flow or
// packets cannot be told here (jmp_cmp, jmp_dp, reset, templates).
std::optional<std::string> trace_program(const Json::Value& commands) {
  std::map<std::int64_t, std::uint64_t> vars;
  std::string trace;
  Json::ArrayIndex pc = 0;
  for (std::size_t steps = 0; pc < commands.size(); ++steps) {
    if (steps == kMaxSteps) return std::nullopt;
    const Json::Value& command = commands[pc];
    const std::string name = command["name"].asString();
    std::int64_t next = static_cast<std::int64_t>(pc) + 1;
    if (name == "set_var") {
      vars[command["id"].asInt64()] = command["val"].asUInt64();
    } else if (name == "add_var") {
      vars[command["id"].asInt64()] += command["val"].asUInt64();
    } else if (name == "jmp_nz") {
      if (--vars[command["id"].asInt64()] != 0) next = pc + command["offset"].asInt64();
    } else if (const auto letter = trace_letter(name)) {
      trace.push_back(*letter);
    } else if (!sends_nothing(name)) {
      return std::nullopt;
    }
    if (next < 0) return std::nullopt;
    pc = static_cast<Json::ArrayIndex>(next);
  }
  return trace;
}

std::optional<std::string> trace_of(const Json::Value& profile, const Json::Value& side) {
  const Json::Value& program = profile["program_list"][side["program_index"].asUInt()];
  return trace_program(program["commands"]);
}

// "C" followed by `n` times `pair`.
std::string repeated(std::string_view pair, std::size_t n) {
  std::string text = "C";
  for (std::size_t i = 0; i < n; ++i) text += pair;
  return text;
}

std::int64_t buffer_bytes(const Json::Value& buffer) {
  const auto decoded = [](const Json::Value& b64) {
    const std::string text = b64.asString();
    const auto pad = static_cast<std::int64_t>(std::count(text.begin(), text.end(), '='));
    return static_cast<std::int64_t>(text.size() / 4 * 3) - pad;
  };
  if (buffer.isString()) return decoded(buffer);
  return std::max(decoded(buffer["base"]), buffer.get("size", 0).asInt64());
}

// The MSS a side runs with: its template's glob_info, else the profile's default.
std::int64_t mss_of(const Json::Value& profile, const Json::Value& side, const char* global) {
  const Json::Value& own = side["glob_info"]["tcp"]["mss"];
  if (own.isIntegral()) return own.asInt64();
  const Json::Value& shared = profile[global]["tcp"]["mss"];
  return shared.isIntegral() ? shared.asInt64() : kDefaultMss;
}

// Every tx of the side's program fits one segment.
bool single_segments(const Json::Value& profile, const Json::Value& side, const char* global) {
  const std::int64_t room = mss_of(profile, side, global) - kTcpOptions;
  const Json::Value& program = profile["program_list"][side["program_index"].asUInt()];
  for (const Json::Value& command : program["commands"]) {
    if (command["name"].asString() != "tx") continue;
    if (buffer_bytes(profile["buf_list"][command["buf_index"].asUInt()]) > room) return false;
  }
  return true;
}

bool rx_waits_for_nothing(const Json::Value& profile, const Json::Value& side) {
  const Json::Value& program = profile["program_list"][side["program_index"].asUInt()];
  return std::all_of(program["commands"].begin(), program["commands"].end(),
                     [](const Json::Value& c) {
                       return c["name"].asString() != "rx" || c["min_bytes"].asInt64() == 0;
                     });
}

std::optional<TransactionPackets> tcp_packets(const Json::Value& profile, const Json::Value& c,
                                              const Json::Value& s, const std::string& client,
                                              const std::string& server) {
  // CSIT TCP cps: SYN, ACK, FIN, ACK one way; SYN-ACK, ACK, FIN the other (§4.2: 7, 4).
  if ((client == "C" || client == "CR") && server == "CN" && rx_waits_for_nothing(profile, c)) {
    return TransactionPackets{4, 3};
  }
  // CSIT TCP tput: N requests and N answers of one segment each: 6 + 2N, 4 + N (§4.2).
  if (client.size() < 3 || client.size() % 2 == 0) return std::nullopt;
  const std::size_t n = (client.size() - 1) / 2;
  if (client != repeated("TR", n) || server != repeated("RT", n)) return std::nullopt;
  if (!single_segments(profile, c, "c_glob_info") || !single_segments(profile, s, "s_glob_info")) {
    return std::nullopt;
  }
  const auto count = static_cast<std::uint32_t>(n);
  return TransactionPackets{4 + count, 2 + count};
}

}  // namespace

std::optional<TransactionPackets> transaction_packets(const Json::Value& profile,
                                                      const Json::Value& templ) {
  const Json::Value& c = templ["client_template"];
  const Json::Value& s = templ["server_template"];
  const std::optional<std::string> client = trace_of(profile, c);
  const std::optional<std::string> server = trace_of(profile, s);
  if (!client || !server) return std::nullopt;
  const Json::Value& program = profile["program_list"][c["program_index"].asUInt()];
  if (program.get("stream", true).asBool()) return tcp_packets(profile, c, s, *client, *server);
  // UDP: one packet per message sent (trex-astf.md §2.2 tx_msg).
  const auto messages = [](const std::string& trace) {
    return static_cast<std::uint32_t>(std::count(trace.begin(), trace.end(), 'M'));
  };
  if (messages(*client) == 0) return std::nullopt;
  return TransactionPackets{messages(*client), messages(*server)};
}

}  // namespace trexsearch::trex::codec
