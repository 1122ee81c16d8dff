#pragma once

#include <optional>
#include <string>

#include "daemon/model/job_spec.hpp"
#include "trex_client/tester/trex_tester.hpp"

namespace trexsearch::service {

/// How a load was written in a spec (docs/loads.md).
/// `number`: a bare number, in the job's own unit (pps; transactions/s for ASTF jobs).
/// `cps`: transactions (connections) per second, for ASTF jobs only (docs/astf.md).
enum class LoadUnit { number, pps, percent, bps_l1, bps_l2, cps };

/// A load as the user wrote it: 14880952 (pps), "9.5mpps", "100%", "10gbps_l1",
/// "2.5gbps_l2".
struct LoadValue {
  double value = 0.0;
  LoadUnit unit = LoadUnit::number;
  /// The text as written, for messages.
  std::string text;

  /// Needs the port speed to become pps.
  bool needs_line_rate() const {
    return unit == LoadUnit::percent || unit == LoadUnit::bps_l1 || unit == LoadUnit::bps_l2;
  }
};

/// Parses a load written as text: a number followed by `pps`, `kpps`, `mpps`, `%`,
/// `cps`, `kcps`, `mcps` (transactions/s, ASTF jobs only),
/// or `bps`, `kbps`, `mbps`, `gbps` with a mandatory `_l1` or `_l2` suffix (a bit
/// rate without its layer is ambiguous by 20 bytes a frame). Case is ignored.
/// Throws ConfigError naming `path` and the text.
LoadValue parse_load_text(const std::string& text, const std::string& path);

/// The load in the job's unit: frames per second per direction (transactions per
/// second for ASTF jobs, `astf`); `line` is needed for % and bit rates (throws
/// ConfigError naming `path` when it is missing). Throws ConfigError for a unit the
/// job cannot use: cps for stateless jobs, pps, % and bit rates for ASTF jobs.
double to_pps(const LoadValue& load, const std::optional<trex::LineRate>& line,
              const std::string& path, bool astf = false);

/// The line rate a `trex` job's loads refer to (its port speed and its profile's
/// mean frame size); absent for other measurers and when no port speed was known.
std::optional<trex::LineRate> job_line_rate(const MeasurerSpec& measurer);
std::optional<trex::LineRate> job_line_rate(const TrexMeasurerSpec& measurer);

}  // namespace trexsearch::service
