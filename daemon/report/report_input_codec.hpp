#pragma once

#include <json/value.h>

#include <optional>
#include <string>

#include "daemon/report/mlr_report.hpp"
#include "daemon/report/plr_report.hpp"
#include "search/controller_config.hpp"
#include "search/search_result.hpp"

namespace trexsearch::report {

// Turns the daemon's socket replies (docs/socket-api.md: `show`, `result`,
// `analyze`) back into the typed values the renderers take, so a report can be
// made client-side for any stored job, finished long ago or still running.
// Bad or unexpected JSON throws ConfigError naming the field path and value.

/// The header facts of a job record (`show`'s "job" and "spec"; the spec is either
/// the search spec alone or the whole job spec with "spec" and "measurer").
ReportContext report_context(const Json::Value& job, const Json::Value& spec);

/// An MLRsearch result in the `result` shape (`{"trials", "totals", "stop_reason",
/// "stop_detail", "goals"}`). `analyze`'s reply (goals only) plus `show`'s trials
/// decode too: missing stop fields mean the search is still running.
mlr::SearchResult decode_mlr_result(const Json::Value& result, const std::string& path);

/// A PLRsearch result in the `encode_plr_result` shape.
PlrReportData decode_plr_result(const Json::Value& result, const std::string& path);

/// A soak spec's target_loss_ratio, or PLRsearch's default when it has none.
double plr_target_loss_ratio(const Json::Value& spec);

/// The search part of `show`'s "spec": its "spec" member when it is a whole job spec.
const Json::Value& search_spec(const Json::Value& spec);

}  // namespace trexsearch::report
