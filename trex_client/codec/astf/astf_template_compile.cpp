// The declarative ASTF template -> TRex's profile JSON, as Python's ASTFProfile.to_json
// writes CSIT's four NAT44 profiles (trex-astf.md §2.3; CSIT GPL/traffic_profiles/trex/
// trex-astf-ethip4{udp,tcp}-*h{,-pps}.py). tests/trex_client/fixtures/astf holds what
// TRex's own astf-sim printed for them.
#include <string>
#include <vector>

#include "measure/base64.hpp"
#include "trex_client/codec/astf/astf_profile_codec.hpp"

namespace trexsearch::trex {
namespace {

// 18 B Ethernet with FCS + 20 B IPv4 + 8 B UDP, as CSIT's headers_size.
constexpr std::uint32_t kUdpHeaders = 46;
// TRex sizes TCP segments as if the header were 20 B (MSS = frame - 58) but sends 12 B
// of timestamps in it, so a segment carries frame - 70 data bytes (CSIT's real_mss).
constexpr std::uint32_t kTcpMssHeaders = 58;
constexpr std::uint32_t kTcpOptions = 12;

Json::Value base64_of(const std::string& text) {
  return measure::base64_encode(std::vector<std::uint8_t>(text.begin(), text.end()));
}

// CSIT pads with random letters; a fixed one keeps the profile (and its md5) the same.
std::string padded(const std::string& text, std::uint32_t bytes) {
  return text + std::string(bytes - text.size(), 'x');
}

Json::Value command(const char* name) {
  Json::Value cmd(Json::objectValue);
  cmd["name"] = name;
  return cmd;
}

Json::Value command(const char* name, const char* key, Json::Int64 value) {
  Json::Value cmd = command(name);
  cmd[key] = value;
  return cmd;
}

// set_var 0 = n; ...; jmp_nz 0 back to the command after set_var: the body runs n times.
Json::Value set_loop(std::uint32_t n) {
  Json::Value cmd = command("set_var", "id", 0);
  cmd["val"] = n;
  return cmd;
}

Json::Value jump_back(Json::Int64 offset) {
  Json::Value cmd = command("jmp_nz", "id", 0);
  cmd["offset"] = offset;
  return cmd;
}

Json::Value program(std::initializer_list<Json::Value> commands, bool udp) {
  Json::Value prog(Json::objectValue);
  prog["commands"] = Json::Value(Json::arrayValue);
  for (const Json::Value& cmd : commands) prog["commands"].append(cmd);
  if (udp) prog["stream"] = false;
  return prog;
}

struct Programs {
  Json::Value buffers{Json::arrayValue};
  Json::Value client, server;
};

Programs udp_programs(const AstfTemplate& spec) {
  Programs p;
  const std::uint32_t payload = spec.frame_size - kUdpHeaders;
  if (spec.transaction == AstfTransaction::cps) {
    // One request, one answer; the server instance exists once the request arrived.
    p.buffers.append(base64_of(padded("GET", payload)));
    p.buffers.append(base64_of(padded("ACK", payload)));
    p.client = program({command("tx_msg", "buf_index", 0)}, true);
    p.server = program({command("tx_msg", "buf_index", 1)}, true);
    return p;
  }
  const Json::Value keepalive = command("keepalive", "msec", spec.keepalive_ms);
  p.buffers.append(base64_of(padded("", payload)));
  const Json::Value send = command("tx_msg", "buf_index", 0);
  p.client = program({keepalive, set_loop(spec.data_frames), send, jump_back(-1)}, true);
  // The server reads every request first: one that ended early would be re-created
  // by a late request and answer twice (CSIT's comment).
  p.server = program({keepalive, command("rx_msg", "min_pkts", spec.data_frames),
                      set_loop(spec.data_frames), send, jump_back(-1)},
                     true);
  return p;
}

Programs tcp_programs(const AstfTemplate& spec) {
  Programs p;
  if (spec.transaction == AstfTransaction::cps) {
    p.client = program({command("connect"), command("rx", "min_bytes", 0)}, false);
    p.server = program({command("connect"), command("nc")}, false);
    return p;
  }
  const std::uint32_t data = spec.frame_size - kTcpMssHeaders - kTcpOptions;
  p.buffers.append(base64_of(std::string(data, '1')));
  const Json::Value send = command("tx", "buf_index", 0);
  // Python accumulates rx watermarks when the program is written, not when it runs: the
  // loop's one rx waits for `data` bytes in all (as CSIT's profile does).
  const Json::Value receive = command("rx", "min_bytes", data);
  p.client = program({command("connect"), set_loop(spec.data_frames), send, receive, jump_back(-2)},
                     false);
  p.server = program({command("connect"), set_loop(spec.data_frames), receive, send, jump_back(-2)},
                     false);
  return p;
}

Json::Value ip_gen(const std::string& start, const std::string& end, const char* dir,
                   const std::string& offset) {
  Json::Value gen(Json::objectValue);
  gen["ip_start"] = start;
  gen["ip_end"] = end;
  gen["distribution"] = "seq";
  gen["dir"] = dir;
  gen["ip_offset"] = offset;
  return gen;
}

Json::Value one_template(const AstfTemplate& spec) {
  Json::Value client(Json::objectValue);
  client["program_index"] = 0;
  client["ip_gen"]["dist_client"]["index"] = 0;
  client["ip_gen"]["dist_server"]["index"] = 1;
  client["cluster"] = Json::Value(Json::objectValue);
  client["port"] = spec.port;
  // cps 1 (Python's default): TRex's multiplier is then transactions per second (§1.6).
  client["cps"] = 1;
  if (spec.sessions) client["limit"] = Json::UInt64{*spec.sessions};
  Json::Value server(Json::objectValue);
  server["program_index"] = 1;
  server["assoc"].append(Json::Value(Json::objectValue))["port"] = spec.port;
  Json::Value templ(Json::objectValue);
  templ["client_template"] = client;
  templ["server_template"] = server;
  return templ;
}

}  // namespace

AstfProfile compile_astf_template(const AstfTemplate& spec) {
  check_astf_template(spec, "template");
  const Programs p = spec.protocol == AstfProtocol::udp ? udp_programs(spec) : tcp_programs(spec);
  Json::Value json(Json::objectValue);
  json["buf_list"] = p.buffers;
  json["ip_gen_dist_list"].append(ip_gen(spec.client_start, spec.client_end, "c", spec.ip_offset));
  json["ip_gen_dist_list"].append(ip_gen(spec.server_start, spec.server_end, "s", spec.ip_offset));
  json["program_list"].append(p.client);
  json["program_list"].append(p.server);
  json["templates"].append(one_template(spec));
  json["tg_names"] = Json::Value(Json::arrayValue);
  if (spec.protocol == AstfProtocol::tcp && spec.transaction == AstfTransaction::tput) {
    // Segments of exactly one data frame each way (CSIT: mss = tx/rx buffers = frame - 58).
    Json::Value tcp(Json::objectValue);
    for (const char* key : {"mss", "txbufsize", "rxbufsize"}) {
      tcp[key] = spec.frame_size - kTcpMssHeaders;
    }
    json["c_glob_info"]["tcp"] = tcp;
    json["s_glob_info"]["tcp"] = tcp;
  }
  AstfProfile profile = decode_astf_profile(json, "template");
  profile.from_template = spec;
  return profile;
}

}  // namespace trexsearch::trex
