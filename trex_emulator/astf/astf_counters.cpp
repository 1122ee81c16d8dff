#include "trex_emulator/astf/astf_counters.hpp"

#include <array>
#include <stdexcept>
#include <string>

namespace trexsearch::trex::emu {
namespace {

// The row kinds of src/stt_cp.cpp's macros: CMN_S_ADD_CNT(_d) (abs, keep-zero as given),
// TCP/UDP/APP/FT_S_ADD_CNT (plain) and their _E variants (info "error"), create_bar.
constexpr AstfCounterRow common(std::string_view name, std::string_view help,
                                std::string_view units, bool keep_zero) {
  return {name, help, units, keep_zero, false, true, true, !units.empty()};
}
constexpr AstfCounterRow plain(std::string_view name, std::string_view help) {
  return {name, help, "", false, false, false, true, false};
}
constexpr AstfCounterRow error(std::string_view name, std::string_view help) {
  return {name, help, "", false, true, false, true, false};
}
constexpr AstfCounterRow bar(std::string_view name) {
  return {name, "", "", false, false, true, false, false};
}

constexpr std::array<std::string_view, astf_counter_count> names{
    "m_active_flows",  "m_est_flows",        "m_tx_bw_l7_r",       "m_tx_bw_l7_total_r",
    "m_rx_bw_l7_r",    "m_tx_pps_r",         "m_rx_pps_r",         "m_avg_size",
    "m_tx_ratio",      "m_traffic_duration", "tcps_connattempt",   "tcps_accepts",
    "tcps_connects",   "tcps_closed",        "tcps_sndtotal",      "tcps_sndpack",
    "tcps_sndbyte",    "tcps_sndbyte_ok",    "tcps_sndctrl",       "tcps_sndacks",
    "tcps_rcvtotal",   "tcps_rcvpack",       "tcps_rcvbyte",       "tcps_rcvackpack",
    "tcps_rcvackbyte", "tcps_drops",         "tcps_conndrops",     "tcps_rexmttimeo_syn",
    "tcps_keeptimeo",  "tcps_keepdrops",     "tcps_testdrops",     "udps_accepts",
    "udps_connects",   "udps_closed",        "udps_sndbyte",       "udps_sndpkt",
    "udps_rcvbyte",    "udps_rcvpkt",        "udps_keepdrops",     "flows_total",
    "err_no_memory",   "err_rx_throttled",   "err_c_nf_throttled", "err_flow_overflow",
    "err_cwf"};

// Every row of create_clm_counters, in its order (ids are positions).
constexpr std::array<AstfCounterRow, 140> table{{
    common("m_active_flows", "active open flows", "", true),
    common("m_est_flows", "active established flows", "", true),
    common("m_tx_bw_l7_r", "tx L7 bw acked", "bps", true),
    common("m_tx_bw_l7_total_r", "tx L7 bw total", "bps", true),
    common("m_rx_bw_l7_r", "rx L7 bw acked", "bps", true),
    common("m_tx_pps_r", "tx pps", "pps", true),
    common("m_rx_pps_r", "rx pps", "pps", true),
    common("m_avg_size", "average pkt size", "B", true),
    common("m_tx_ratio", "Tx acked/sent ratio", "%", true),
    bar("-"),
    common("m_traffic_duration", "measured traffic duration", "sec", false),
    bar("-"),
    bar("TCP"),
    bar("-"),
    plain("tcps_connattempt", "connections initiated"),
    plain("tcps_accepts", "connections accepted"),
    plain("tcps_connects", "connections established"),
    plain("tcps_closed", "conn. closed (includes drops)"),
    plain("tcps_segstimed", "segs where we tried to get rtt"),
    plain("tcps_rttupdated", "times we succeeded"),
    plain("tcps_delack", "delayed acks sent"),
    plain("tcps_sndtotal", "total packets sent"),
    plain("tcps_sndpack", "data packets sent"),
    plain("tcps_sndbyte", "data bytes sent by application"),
    plain("tcps_sndbyte_ok", "data bytes sent by tcp"),
    plain("tcps_sndctrl", "control (SYN|FIN|RST) packets sent"),
    plain("tcps_sndacks", "ack-only packets sent "),
    plain("tcps_rcvtotal", "total packets received "),
    plain("tcps_rcvpack", "packets received in sequence"),
    plain("tcps_rcvbyte", "bytes received in sequence"),
    plain("tcps_rcvackpack", "rcvd ack packets"),
    plain("tcps_rcvackbyte", "tx bytes acked by rcvd acks "),
    plain("tcps_rcvackbyte_of", "tx bytes acked by rcvd acks - overflow acked"),
    plain("tcps_rcvoffloads", "receive offload packets by software"),
    plain("tcps_preddat", "times hdr predict ok for data pkts "),
    plain("tcps_drops", "connections dropped"),
    error("tcps_conndrops", "embryonic connections dropped"),
    error("tcps_timeoutdrop", "conn. dropped in rxmt timeout"),
    error("tcps_rexmttimeo", "retransmit timeouts"),
    error("tcps_rexmttimeo_syn", "retransmit SYN timeouts"),
    error("tcps_persisttimeo", "persist timeouts"),
    error("tcps_keeptimeo", "keepalive timeouts"),
    error("tcps_keepprobe", "keepalive probes sent"),
    error("tcps_keepdrops", "connections dropped in keepalive"),
    plain("tcps_testdrops", "connections dropped by user at timeout (no-close flag --nc)"),
    error("tcps_sndrexmitpack", "data packets retransmitted"),
    error("tcps_sndrexmitbyte", "data bytes retransmitted"),
    error("tcps_sndprobe", "window probes sent"),
    error("tcps_sndurg", "packets sent with URG only"),
    plain("tcps_sndwinup", "window update-only packets sent"),
    error("tcps_rcvbadsum", "packets received with ccksum errs"),
    error("tcps_rcvbadoff", "packets received with bad offset"),
    error("tcps_rcvshort", "packets received too short"),
    error("tcps_rcvduppack", "duplicate-only packets received"),
    error("tcps_rcvdupbyte", "duplicate-only bytes received"),
    error("tcps_rcvpartduppack", "packets with some duplicate data"),
    error("tcps_rcvpartdupbyte", "dup. bytes in part-dup. packets"),
    error("tcps_rcvoopackdrop", "OOO packet drop due to queue len"),
    error("tcps_rcvoobytesdrop", "OOO bytes drop due to queue len"),
    error("tcps_rcvoopack", "out-of-order packets received"),
    error("tcps_rcvoobyte", "out-of-order bytes received"),
    error("tcps_rcvpackafterwin", "packets with data after window"),
    error("tcps_rcvbyteafterwin", "bytes rcvd after window"),
    error("tcps_rcvafterclose", "packets rcvd after close"),
    error("tcps_rcvwinprobe", "rcvd window probe packets"),
    error("tcps_rcvdupack", "rcvd duplicate acks"),
    error("tcps_rcvacktoomuch", "rcvd acks for unsent data"),
    error("tcps_rcvwinupd", "rcvd window update packets"),
    error("tcps_pawsdrop", "segments dropped due to PAWS"),
    plain("tcps_predack", "times hdr predict ok for acks"),
    error("tcps_persistdrop", "timeout in persist state"),
    error("tcps_badsyn", "bogus SYN, e.g. premature ACK"),
    error("tcps_reasalloc", "allocate tcp reasembly ctx"),
    error("tcps_reasfree", "free tcp reasembly ctx"),
    error("tcps_reas_hist_4", "count of max queue <= 4"),
    error("tcps_reas_hist_16", "count of max queue <= 16"),
    error("tcps_reas_hist_100", "count of max queue <= 100"),
    error("tcps_reas_hist_other", "count of max queue > 100"),
    error("tcps_nombuf", "no mbuf for tcp - drop the packets"),
    error("tcps_sack_recovery_episode", "SACK recovery episodes"),
    error("tcps_sack_rexmits", "SACK rexmit segments"),
    error("tcps_sack_rexmit_bytes", "SACK rexmit bytes"),
    error("tcps_sack_rcv_blocks", "SACK blocks (options) received"),
    error("tcps_sack_send_blocks", "SACK blocks (options) sent"),
    error("tcps_sack_sboverflow", "times scoreboard overflowed"),
    plain("tcps_ecn_ce", "ECN Congestion Experienced"),
    plain("tcps_ecn_ect0", "ECN Capable Transport"),
    plain("tcps_ecn_ect1", "ECN Capable Transport"),
    plain("tcps_ecn_shs", "ECN successful handshakes"),
    plain("tcps_ecn_rcwnd", "times ECN reduced the cwnd"),
    bar("-"),
    bar("UDP"),
    bar("-"),
    plain("udps_accepts", "connections accepted"),
    plain("udps_connects", "connections established"),
    plain("udps_closed", "conn. closed (includes drops)"),
    plain("udps_sndbyte", "data bytes transmitted"),
    plain("udps_sndpkt", "data packets transmitted"),
    plain("udps_rcvbyte", "data bytes received"),
    plain("udps_rcvpkt", "data packets received"),
    error("udps_keepdrops", "keepalive drop"),
    error("udps_nombuf", "no mbuf"),
    error("udps_pkt_toobig", "packets transmitted too big"),
    bar("-"),
    bar("Application"),
    bar("-"),
    plain("user_counter_A", "user counter A"),
    plain("user_counter_B", "user counter B"),
    plain("user_counter_C", "user counter C"),
    plain("user_counter_D", "user counter D"),
    plain("flows_total", "total flows generated by the command"),
    plain("flows_other", "generated flows from changed template"),
    bar("-"),
    bar("Flow Table"),
    bar("-"),
    plain("rss_redirect_rx", "rss rx packets redirected"),
    plain("rss_redirect_tx", "rss tx packets redirected"),
    error("rss_redirect_drops", "rss packets to redirect dropped"),
    plain("rss_redirect_queue_full", "rss tx queue full"),
    plain("ignored_macs", "ignored macs addr"),
    plain("ignored_ips", "ignored ips addr"),
    error("err_cwf", "client pkt without flow"),
    error("err_no_syn", "server first flow packet with no SYN"),
    error("err_len_err", "pkt with length error"),
    error("err_fragments_ipv4_drop", "fragments_ipv4_drop"),
    plain("err_no_tcp_udp", "no tcp/udp packet"),
    error("err_no_template", "server can't match L7 template"),
    error("err_no_memory", "No heap memory for allocating flows"),
    error("err_dct", "duplicate flow - more clients require "),
    error("err_l3_cs", "ip checksum error"),
    error("err_l4_cs", "tcp/udp checksum error"),
    error("err_redirect_rx", "redirect to rx error"),
    plain("redirect_rx_ok", "redirect to rx OK"),
    plain("err_rx_throttled", "rx thread was throttled"),
    error("err_c_nf_throttled", "client new flow throttled"),
    error("err_c_tuple_err", "client new flow, not enough clients"),
    error("err_s_nf_throttled", "server new flow throttled"),
    error("err_flow_overflow", "too many flows errors"),
    plain("defer_template", "tcp L7 template matching deferred (by l7_map)"),
    error("err_defer_no_template", "server can't match L7 template (deferred by l7_map)"),
}};

std::array<std::size_t, astf_counter_count> resolve_ids() {
  std::array<std::size_t, astf_counter_count> ids{};
  const std::vector<AstfCounterRow>& rows = astf_counter_rows();
  for (std::size_t c = 0; c < astf_counter_count; ++c) {
    std::size_t id = 0;
    while (id < rows.size() && (rows[id].name != names[c] || !rows[id].real)) ++id;
    if (id == rows.size()) {
      throw std::logic_error("ASTF counter " + std::string(names[c]) + " has no row");
    }
    ids[c] = id;
  }
  return ids;
}

}  // namespace

const std::vector<AstfCounterRow>& astf_counter_rows() {
  static const std::vector<AstfCounterRow> rows(table.begin(), table.end());
  return rows;
}

std::string_view astf_counter_name(AstfCounter counter) {
  return names[static_cast<std::size_t>(counter)];
}

std::size_t astf_counter_id(AstfCounter counter) {
  static const std::array<std::size_t, astf_counter_count> ids = resolve_ids();
  return ids[static_cast<std::size_t>(counter)];
}

void AstfCounterSide::add(const AstfCounterSide& other) {
  for (std::size_t i = 0; i < values_.size(); ++i) values_[i] += other.values_[i];
}

std::vector<AstfReportedValue> astf_reported_values(const AstfCounterSide& side) {
  const std::vector<AstfCounterRow>& rows = astf_counter_rows();
  std::vector<double> by_id(rows.size(), 0.0);
  for (std::size_t c = 0; c < astf_counter_count; ++c) {
    by_id[astf_counter_id(static_cast<AstfCounter>(c))] = side[static_cast<AstfCounter>(c)];
  }
  std::vector<AstfReportedValue> values;
  for (std::size_t id = 0; id < rows.size(); ++id) {
    if (!rows[id].real || (by_id[id] == 0.0 && !rows[id].keep_zero)) continue;
    values.push_back({id, by_id[id], rows[id].is_double});
  }
  return values;
}

}  // namespace trexsearch::trex::emu
