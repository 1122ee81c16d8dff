#include "trex_client/profile/astf_profile.hpp"

#include <limits>

#include "measure/errors.hpp"
#include "trex_client/profile/net_address.hpp"

namespace trexsearch::trex {
namespace {

using measure::ConfigError;

// TRex's largest frame (jumbo, --mtu 9216); every profile needs at least Ethernet's 64.
constexpr std::uint32_t kMaxFrame = 9216;
// TCP tput: 70 B of headers (18 B Ethernet with FCS, 20 B IPv4, 32 B TCP with
// timestamps) and at least one data byte (CSIT trex-astf-ethip4tcp-*-pps.py).
constexpr std::uint32_t kMinTcpDataFrame = 71;
// A bound that keeps the packets of one transaction (6 + 2 * frames) in 32 bits.
constexpr std::uint32_t kMaxDataFrames = 1000000;

void check_frame_size(const AstfTemplate& spec, const std::string& path) {
  const std::string field = path + ".frame_size";
  const std::string value = std::to_string(spec.frame_size);
  if (spec.frame_size < 64 || spec.frame_size > kMaxFrame) {
    throw ConfigError(field, value, "must be in [64, 9216] (L2 bytes with FCS)");
  }
  const bool tcp = spec.protocol == AstfProtocol::tcp;
  if (tcp && spec.transaction == AstfTransaction::cps && spec.frame_size != 64) {
    // CSIT: "TCP_CPS tests are only supported for (nominal) 64B frames" (no data).
    throw ConfigError(field, value, "TCP cps sends no data: its frames are 64..78 B, give 64");
  }
  if (tcp && spec.transaction == AstfTransaction::tput && spec.frame_size < kMinTcpDataFrame) {
    throw ConfigError(field, value,
                      "TCP tput needs >= 71 (70 B of Ethernet, IPv4 and TCP headers with "
                      "timestamps, plus data)");
  }
}

void check_address(const std::string& text, const std::string& field) {
  if (!parse_ipv4(text)) throw ConfigError(field, "\"" + text + "\"", "not an IPv4 address");
}

void check_range(const std::string& start, const std::string& end, const std::string& path,
                 const std::string& side) {
  check_address(start, path + "." + side + "_start");
  check_address(end, path + "." + side + "_end");
  if (parse_ipv4(start)->value > parse_ipv4(end)->value) {
    throw ConfigError(path + "." + side + "_end", "\"" + end + "\"",
                      "is below " + side + "_start " + start);
  }
}

void check_tput(const AstfTemplate& spec, const std::string& path) {
  if (spec.data_frames < 1 || spec.data_frames > kMaxDataFrames) {
    throw ConfigError(path + ".data_frames", std::to_string(spec.data_frames),
                      "must be in [1, 1000000]");
  }
  if (spec.protocol == AstfProtocol::udp && spec.keepalive_ms == 0) {
    throw ConfigError(path + ".keepalive_ms", "0", "must be >= 1");
  }
}

}  // namespace

std::string_view to_string(AstfProtocol protocol) {
  return protocol == AstfProtocol::udp ? "udp" : "tcp";
}

std::string_view to_string(AstfTransaction transaction) {
  return transaction == AstfTransaction::cps ? "cps" : "tput";
}

void check_astf_template(const AstfTemplate& spec, const std::string& path) {
  check_frame_size(spec, path);
  if (spec.transaction == AstfTransaction::tput) check_tput(spec, path);
  check_range(spec.client_start, spec.client_end, path, "client");
  check_range(spec.server_start, spec.server_end, path, "server");
  check_address(spec.ip_offset, path + ".ip_offset");
  if (spec.port == 0) throw ConfigError(path + ".port", "0", "must be in [1, 65535]");
  // TRex reads `limit` as a 32-bit count (CAstfDB::get_db_template_rw); 0 opens nothing.
  if (spec.sessions &&
      (*spec.sessions == 0 || *spec.sessions > std::numeric_limits<std::uint32_t>::max())) {
    throw ConfigError(path + ".sessions", std::to_string(*spec.sessions),
                      "must be in [1, 4294967295] (TRex's limit)");
  }
}

}  // namespace trexsearch::trex
