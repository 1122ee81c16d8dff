#pragma once

#include <json/value.h>

#include <functional>
#include <string>
#include <variant>

#include "daemon/model/job_record.hpp"
#include "daemon/model/job_spec.hpp"
#include "daemon/protocol/document.hpp"
#include "daemon/spec/port_speed_source.hpp"

namespace trexsearch::service {

/// The `submit` arguments -> validated JobSpec:
/// `{"name"?, "method"?: "mlr", "spec": {MLRsearch spec}, "measurer": {"kind": ...},
/// "profile"?}`. Invalid input throws RequestError(bad_request) whose text names the
/// JSON path and value ("spec.goals[0].loss_ratio = 2: ..."); a method or measurer
/// this daemon does not have yet throws NotSupportedError.
///
/// Loads (`min_load`, `max_load`) may be given in pps or in users' units ("100%",
/// "10gbps_l1", docs/loads.md); those need the port speed, which a `trex`
/// measurer's `port_speed_gbps` gives, or else `probe` (asking TRex at submission).
/// With a known port speed a max_load above line rate is refused. Stored specs are
/// canonical (pps, port speed written out) and need no probe.
JobSpec decode_job_spec(const Json::Value& json, const PortSpeedProbe& probe = {});
/// The same, from a `submit` request's job document.
JobSpec decode_job_spec(const protocol::Document& job, const PortSpeedProbe& probe = {});
/// The spec document a job was stored with. A stored MLR spec without "strategy"
/// predates the key and was searched with csit: it gets "strategy": "csit".
protocol::Document stored_spec_document(const JobRecord& record);
/// The same, decoded (canonical: needs no probe).
JobSpec stored_job_spec(const JobRecord& record);

/// JobSpec -> the same shape with every key written, defaults included: the form
/// kept in the store, so that a resumed job runs exactly as submitted even if a
/// later version changes a default.
Json::Value encode_job_spec(const JobSpec& spec);

}  // namespace trexsearch::service
