#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <vector>

namespace trexsearch::trex::emu {

/// One row of TRex's ASTF counter table (CSTTCpPerTGIDPerDir::create_clm_counters in
/// src/stt_cp.cpp) as get_counter_desc describes it. Ids are positions: separator rows
/// (`real` false) take ids too.
struct AstfCounterRow {
  std::string_view name;
  std::string_view help;
  std::string_view units;
  /// Reported even when zero (TRex's dump_zero).
  bool keep_zero = false;
  /// `info: "error"` (any non-zero value marks a trial as failed in TRex's tools).
  bool error = false;
  /// Not baselined by the Python client.
  bool abs = false;
  /// False for the separator rows ("-", "TCP", ...).
  bool real = true;
  /// A double (rates, durations) rather than a u64 count.
  bool is_double = false;
};

/// Every row in TRex's order; a row's id is its index.
const std::vector<AstfCounterRow>& astf_counter_rows();

/// The counters the emulator moves (the other rows stay zero).
enum class AstfCounter : std::size_t {
  m_active_flows,
  m_est_flows,
  m_tx_bw_l7_r,
  m_tx_bw_l7_total_r,
  m_rx_bw_l7_r,
  m_tx_pps_r,
  m_rx_pps_r,
  m_avg_size,
  m_tx_ratio,
  m_traffic_duration,
  tcps_connattempt,
  tcps_accepts,
  tcps_connects,
  tcps_closed,
  tcps_sndtotal,
  tcps_sndpack,
  tcps_sndbyte,
  tcps_sndbyte_ok,
  tcps_sndctrl,
  tcps_sndacks,
  tcps_rcvtotal,
  tcps_rcvpack,
  tcps_rcvbyte,
  tcps_rcvackpack,
  tcps_rcvackbyte,
  tcps_drops,
  tcps_conndrops,
  tcps_rexmttimeo_syn,
  tcps_keeptimeo,
  tcps_keepdrops,
  tcps_testdrops,
  udps_accepts,
  udps_connects,
  udps_closed,
  udps_sndbyte,
  udps_sndpkt,
  udps_rcvbyte,
  udps_rcvpkt,
  udps_keepdrops,
  flows_total,
  err_no_memory,
  err_rx_throttled,
  err_c_nf_throttled,
  err_flow_overflow,
  err_cwf,
  count_
};

inline constexpr std::size_t astf_counter_count = static_cast<std::size_t>(AstfCounter::count_);

/// The counter's row name, e.g. "tcps_connattempt".
std::string_view astf_counter_name(AstfCounter counter);
/// The counter's id (its row's index) in astf_counter_rows().
std::size_t astf_counter_id(AstfCounter counter);

/// The counters of one side (client or server) of one profile.
class AstfCounterSide {
 public:
  double& operator[](AstfCounter counter) { return values_[static_cast<std::size_t>(counter)]; }
  double operator[](AstfCounter counter) const {
    return values_[static_cast<std::size_t>(counter)];
  }
  /// Adds another side's counts (get_total_counter_values).
  void add(const AstfCounterSide& other);

 private:
  std::array<double, astf_counter_count> values_{};
};

/// A profile's counters as get_counter_values reports them.
struct AstfCounterValues {
  AstfCounterSide client;
  AstfCounterSide server;
};

/// One reported value: row id -> value.
struct AstfReportedValue {
  std::size_t id = 0;
  double value = 0.0;
  bool is_double = false;
};

/// The values TRex would send for `side`: every real row that is non-zero or kept at
/// zero, in id order.
std::vector<AstfReportedValue> astf_reported_values(const AstfCounterSide& side);

}  // namespace trexsearch::trex::emu
