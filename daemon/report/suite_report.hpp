#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace trexsearch::report {

// The suite report (docs/suites.md): every entry's throughput in one table, then
// throughput against frame size, so a reader sees at a glance where the SUT, and
// where the line, set the limit.

/// One value of an entry: an MLR goal's conditional throughput, a PLR estimate or
/// an MRR/soak receive rate.
struct SuiteReportValue {
  std::string goal;  ///< "NDR", "estimate", "receive_rate"
  std::optional<double> value_pps;
  /// 1 for per-direction loads; the direction count for a receive rate.
  int summed_directions = 1;
  /// Empty when clean; else why not ("tester-limited", "irregular: ...").
  std::string unclean_reason;
  /// The search's max_load passed (MLR's irregular `max_load_is_lower_bound`):
  /// the SUT forwards at least this; at line rate it is the link's limit, not the
  /// SUT's. Shown as "at least", apart from the unclean values.
  bool at_max_load = false;
};

/// One job of the suite.
struct SuiteReportEntry {
  std::string label;
  /// Which line of the plots it belongs to: the label without its frame size.
  std::string series;
  /// "64", "imix", or empty when the suite does not vary frame sizes.
  std::string frame_size;
  int repeat = 1;
  std::int64_t job = 0;
  std::string method;
  std::string state;
  std::string reason;
  std::size_t trial_count = 0;
  /// Trials whose notes say something (absent without a result).
  std::optional<std::size_t> trials_with_notes;
  /// The profile's mean frame size [B] and the port speed [bit/s], when known.
  std::optional<double> frame_bytes;
  std::optional<double> port_bps;
  /// Only a finished job has values.
  std::vector<SuiteReportValue> values;
};

struct SuiteReportData {
  std::int64_t id = 0;
  std::string name;
  std::string created_at;
  std::string submitted_by;
  std::vector<SuiteReportEntry> entries;
};

/// The share of line rate [%] and the L1 rate [Gbit/s] of `value` in `entry`;
/// absent without a frame size and port speed.
std::optional<double> percent_of_line(const SuiteReportEntry& entry, const SuiteReportValue& value);
std::optional<double> l1_gbps(const SuiteReportEntry& entry, const SuiteReportValue& value);

/// The whole HTML page: the verdict (how many jobs ended, unclean values), the
/// table, the plots (throughput [pps] with the line rate, and [Gbit/s L1] with the
/// port speed, against frame size), each entry's notes count and job id.
std::string render_suite_report(const SuiteReportData& data);

/// One CSV row per entry and value (docs/suites.md).
std::string suite_report_csv(const SuiteReportData& data);

}  // namespace trexsearch::report
