#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "daemon/latency/latency_point.hpp"
#include "search/controller_config.hpp"
#include "search/search_result.hpp"

namespace trexsearch::report {

/// What the report says about where the result came from (draft-06 requires the
/// report to state units, how durations were computed and deviations from RFC 2544).
struct ReportContext {
  std::string title = "MLRsearch report";
  /// "About this run" rows in order: job, profile, TRex version, start and end times, ...
  std::vector<std::pair<std::string, std::string>> facts;
  /// Raw data (name, JSON text): the search and measurer config as stored; shown
  /// collapsed at the end, where it does not bury the verdict.
  std::vector<std::pair<std::string, std::string>> raw;
  /// How the measurer computed the effective duration.
  std::string effective_duration_method =
      "equal to the intended trial duration (simulated measurer)";
  /// Deviations from RFC 2544 section 23 (wait times, trial phases, ...).
  std::string rfc2544_deviations =
      "none applicable: simulated trials have no traffic set-up or wait times";
  /// Traffic directions; with frame_bits, lets the report add aggregate rates.
  std::optional<int> directions;
  /// Bits per frame on the wire (frame + preamble + inter-frame gap), when known.
  std::optional<double> frame_bits;
  /// The port speed the job's loads refer to [bit/s] (`port_speed_gbps` of a trex
  /// measurer), when known: each load is then also shown in % of line rate.
  std::optional<double> port_bps;
  /// The job's hooks (hooks_section), "" when it ran none.
  std::string hooks_html;
  /// The unit of the job's loads: "pps", or "cps" for an ASTF job (LoadUnitScope).
  std::string load_unit = "pps";
};

/// The whole report as one self-contained HTML page (docs/report.md): the verdict
/// (a table of goals, bounds, conditional throughput, regularity, tester limit,
/// counters, notes), then the charts (loss ratio against load on a log axis, the
/// bounds converging, all trials), a table per goal, the latency phase
/// (docs/latency.md) when there was one, directions, notes, every trial, the run's
/// facts and, collapsed, the raw config.
std::string render_mlr_report(const ReportContext& context, const mlr::ControllerConfig& config,
                              const mlr::SearchResult& result,
                              const latency::LatencyPhaseResult& latency = {});

}  // namespace trexsearch::report
