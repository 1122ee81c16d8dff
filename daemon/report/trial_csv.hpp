#pragma once

#include <string>

#include "daemon/report/plr_report.hpp"
#include "search/search_result.hpp"

namespace trexsearch::report {

/// Every MLRsearch trial as CSV (RFC 4180, header row, one row per trial):
/// number,phase,started_at_s,load_pps,intended_duration_s,effective_duration_s,
/// offered_count,loss_count,intended_count,loss_ratio,measured_loss_ratio,
/// tester_limited_pps,counters, then per direction D the trials have (in order of
/// first appearance) D_intended,D_offered,D_received,D_loss,D_unsent,D_loss_ratio,
/// then per direction D of the trials' latency streams D_lat_sent,D_lat_received,
/// D_min_us,D_mean_us,D_p50_us,D_p90_us,D_p99_us,D_p999_us,D_max_us,D_lat_method
/// (empty for trials without latency; docs/latency.md), and last notes (always quoted, ";
/// "-joined). docs/cli.md "Trials as CSV".
std::string mlr_trials_csv(const mlr::SearchResult& result);

/// Every PLRsearch trial as CSV: number,finished_at_s,load_pps,duration_s,
/// loss_count,loss_ratio,estimate_average_pps,estimate_stdev_pps,stretch_average_pps,
/// erf_average_pps, then as for MLRsearch measured_loss_ratio ... notes.
std::string plr_trials_csv(const PlrReportData& data);

}  // namespace trexsearch::report
