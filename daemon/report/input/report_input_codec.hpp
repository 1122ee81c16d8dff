#pragma once

#include <json/value.h>

#include <optional>
#include <string>

#include "daemon/protocol/document.hpp"
#include "daemon/protocol/replies/mlr_result_codec.hpp"
#include "daemon/protocol/replies/replies.hpp"
#include "daemon/report/mlr_report.hpp"
#include "search/controller_config.hpp"
#include "search/search_result.hpp"

namespace trexsearch::report {

// What the report reads of a job's spec (`show`'s "spec", a document the protocol
// carries unread: either the search spec alone or the whole job spec with "spec" and
// "measurer"). The replies themselves come typed (job_report_input.hpp).

/// The header facts of a job: its record (`show`'s "job") and its spec.
ReportContext report_context(const protocol::JobSummary& job, const protocol::Document& spec);

/// A soak spec's target_loss_ratio, or PLRsearch's default when it has none.
double plr_target_loss_ratio(const protocol::Document& spec);

/// The search's limits from the spec; a spec that does not read gives the defaults
/// (the header shows the spec verbatim anyway).
mlr::ControllerConfig search_config(const protocol::Document& spec);

/// The search part of a spec: its "spec" member when it is a whole job spec.
const Json::Value& search_spec(const Json::Value& spec);

/// An MLRsearch result in the `result` shape: the protocol's decoder.
using protocol::decode_mlr_result;

/// A stored MLR result read again by the protocol's decoder: what the report shows
/// when the result's view formed no search result (the decoder's error says why).
mlr::SearchResult decode_stored_mlr_result(const protocol::Document& stored);

}  // namespace trexsearch::report
