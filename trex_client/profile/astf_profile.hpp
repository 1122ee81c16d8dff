#pragma once

// TRex advanced stateful (ASTF) traffic profiles: the profile JSON TRex uploads
// (trex-astf.md §2), and the declarative description of CSIT's four NAT44 profiles
// (§2.3) that trex-search compiles into it. The JSON itself lives in
// trex_client/codec/astf/astf_profile_codec.hpp.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace trexsearch::trex {

/// What a template's programs speak: UDP messages (`stream: false`) or a TCP stream.
enum class AstfProtocol { udp, tcp };
std::string_view to_string(AstfProtocol protocol);

/// What one trial's counts are made of (trex-astf.md §4.2): connection rate or throughput.
enum class AstfTransaction { cps, tput };  // "cps" / "tput"
std::string_view to_string(AstfTransaction transaction);

/// The declarative description (CSIT's four profiles): the `"template"` a job gives.
/// Frame sizes count the whole Ethernet frame with its FCS, as CSIT's `framesize` does.
struct AstfTemplate {
  AstfProtocol protocol = AstfProtocol::udp;
  AstfTransaction transaction = AstfTransaction::cps;
  /// [B] L2 frame with FCS of the data frames: UDP payload = frame_size - 46; TCP tput
  /// data per segment = frame_size - 70 (TRex's MSS = frame_size - 58). TCP cps carries
  /// no data and takes 64 only, as CSIT.
  std::uint32_t frame_size = 64;
  /// tput only: data frames per direction per transaction (CSIT ASTF_N_DATA_FRAMES).
  std::uint32_t data_frames = 5;
  /// [ms] UDP tput only: the flows' keepalive, long so that none is sent (CSIT's 2000 s).
  std::uint32_t keepalive_ms = 2000000;
  /// IPv4 ranges as TRex's own examples (astf/http_simple.py): clients in 16.0.0.0/8,
  /// where the stand's SUT limits act (real-trex-stand.md "Stateful mode").
  std::string client_start = "16.0.0.0", client_end = "16.0.0.255";
  std::string server_start = "48.0.0.0", server_end = "48.0.255.255";
  /// Added to the ranges for each further pair of ports (ASTFIPGenGlobal; CSIT: 0.0.0.1).
  std::string ip_offset = "1.0.0.0";
  /// The servers' (destination) port.
  std::uint16_t port = 8080;
  /// The template's `limit`: transactions in all (CSIT transaction_scale); absent: no limit.
  std::optional<std::uint64_t> sessions;
  friend bool operator==(const AstfTemplate&, const AstfTemplate&) = default;
};

/// What the template parameters allow; throws measure::ConfigError naming
/// "<path>.<key>" and the value (e.g. TCP tput needs frame_size >= 71).
void check_astf_template(const AstfTemplate& spec, const std::string& path);

/// A profile ready to upload, checked, with what a measurer needs to know of it.
struct AstfProfile {
  std::string json;     ///< the exact text to upload (compact, keys sorted as Python's)
  std::string md5_hex;  ///< lowercase hex MD5 of `json` (for profile_fragment's md5)
  std::string source;   ///< "template" or the file path / "inline"
  /// Of every template: a profile mixing UDP and TCP templates is refused, because a
  /// trial counts its transactions with one protocol's counters (trex-astf.md §4.2).
  AstfProtocol protocol = AstfProtocol::udp;
  /// [cps] Σ template client cps: TRex's offered connections/s = mult * total_cps (§1.6).
  double total_cps = 0;
  /// Σ template limits when every template has one; absent otherwise.
  std::optional<std::uint64_t> sessions;
  std::uint32_t templates = 0;
  /// Packets of one transaction without loss, both directions together and per direction
  /// (CSIT's ppta, pptad), when they can be told from the programs; absent otherwise.
  std::optional<std::uint32_t> packets_per_transaction;
  std::optional<std::uint32_t> client_packets_per_transaction;
  std::optional<std::uint32_t> server_packets_per_transaction;
  std::optional<AstfTemplate> from_template;  ///< set when made from a template
};

}  // namespace trexsearch::trex
