#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace trexsearch::report {

// Numbers for people, rounded to what the measurement supports (issue #16): a
// load bound is only as exact as the goal's relative width (~0.5 %), a loss ratio
// matters by its decade, a duration by the millisecond. One place decides, so the
// summary, the tables and the charts agree. Frame counts stay exact: they are
// what the counters said.

/// `value` to `digits` significant digits in fixed notation, thousands grouped by
/// thin spaces: significant(3199999.9999999995, 4) == "3 200 000".
std::string significant(double value, int digits);

/// The unit of the loads on the page being rendered: "pps" (frames per second per
/// direction) or "cps" (an ASTF job's connections per second, docs/astf.md). A page
/// says one unit everywhere (verdict, tables, charts, notes), so its renderer sets it
/// once for the page with a LoadUnitScope rather than handing it to every one of the
/// forty places that print a load. Pages render on one thread (thread-local), and the
/// scope restores the previous unit when it ends.
class LoadUnitScope {
 public:
  explicit LoadUnitScope(std::string unit);
  ~LoadUnitScope();
  LoadUnitScope(const LoadUnitScope&) = delete;
  LoadUnitScope& operator=(const LoadUnitScope&) = delete;

 private:
  std::string previous_;
};

/// The page's unit ("pps" outside any LoadUnitScope).
const std::string& load_unit();

/// A load with an SI prefix, 4 significant digits: "14.88 Mpps", "9.001 kpps",
/// "950.0 pps" (or kcps, ... on an ASTF job's page); "-" when absent or not finite.
std::string load_text(double pps);
std::string load_text(const std::optional<double>& pps);

/// A load known to +- `uncertainty_pps` (an estimate and its stdev): digits down
/// to the uncertainty's second significant digit, 3 to 7 significant digits:
/// load_text(3205123.4, 118.0) == "3.20512 Mpps".
std::string load_text(double pps, double uncertainty_pps);

/// A loss or exceed ratio: "0", "1", "0.5", "5e-3", "1.23e-7" (at most 3
/// significant digits; scientific below 0.1, where decades matter).
std::string ratio_text(double ratio);

/// Seconds to the millisecond, trailing zeros dropped: "1 s", "5.1 s", "0.25 s";
/// from 1000 s on, whole seconds ("3 600 s").
std::string seconds_text(double seconds);

/// A percentage to 3 significant digits: "99.8 %", "0.125 %".
std::string percent_text(double percent);

/// Bits per second in Gbit/s to 4 significant digits: "9.524 Gbit/s".
std::string gbps_text(double bits_per_second);

/// An exact count, thousands grouped: "29 999 998".
std::string count_text(std::int64_t count);

}  // namespace trexsearch::report
