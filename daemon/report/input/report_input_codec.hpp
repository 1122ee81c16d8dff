#pragma once

#include <json/value.h>

#include <optional>
#include <string>

#include "daemon/protocol/replies/mlr_result_codec.hpp"
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

/// An MLRsearch result in the `result` shape: the protocol's decoder (the CLI's
/// per-direction sums read results with it too).
using protocol::decode_mlr_result;

/// A PLRsearch result in the `encode_plr_result` shape.
PlrReportData decode_plr_result(const Json::Value& result, const std::string& path);

/// A soak spec's target_loss_ratio, or PLRsearch's default when it has none.
double plr_target_loss_ratio(const Json::Value& spec);

/// The search part of `show`'s "spec": its "spec" member when it is a whole job spec.
const Json::Value& search_spec(const Json::Value& spec);

}  // namespace trexsearch::report
