#pragma once

#include <optional>
#include <string>
#include <vector>

#include "daemon/cli/analysis/trend_series.hpp"
#include "daemon/cli/command/job_reference.hpp"

namespace trexsearch::cli {

// Whose results one trend compares (docs/trend.md "One testbed at a time", docs/fleet.md):
// a result is compared with results of its own testbed, and in the fleet of its own
// tester, since other ports, another TRex or another DUT differ for reasons that are
// not regressions. No I/O.

/// One series' jobs: one tester's (the fleet) on one testbed, or on all of its testbeds.
struct TrendScope {
  std::optional<std::string> tester;   ///< the fleet's; absent for one daemon
  std::optional<std::string> testbed;  ///< absent: jobs on no testbed, or any_testbed
  bool any_testbed = false;
  std::vector<JobRef> jobs;  ///< oldest first

  /// What a header adds to the name: " on testbed lab-a" for one daemon; in the
  /// fleet " on tester lab-3, testbed lab-a" (", no testbed", ", any testbed").
  std::string label() const;
};

/// One daemon's scope of `named` (one name's jobs): --testbed's testbed, every testbed
/// with `any_testbed`, else the newest job's testbed (none is a testbed of its own).
TrendScope daemon_trend_scope(const std::vector<SourcedJob>& named,
                              const std::optional<std::string>& testbed, bool any_testbed);

/// The fleet's scopes: one per tester and testbed (one per tester with `any_testbed`),
/// by tester, then testbed (no testbed first); `testbed` keeps that testbed's only.
std::vector<TrendScope> fleet_trend_scopes(const std::vector<SourcedJob>& named,
                                           const std::optional<std::string>& testbed,
                                           bool any_testbed);

/// One scope's trend.
struct ScopedTrend {
  TrendScope scope;
  std::vector<TrendSeries> series;
};

/// Whether any scope's series ends in a regression (exit code 6).
bool any_regressed(const std::vector<ScopedTrend>& trends);

}  // namespace trexsearch::cli
