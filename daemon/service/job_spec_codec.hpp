#pragma once

#include <json/value.h>

#include "daemon/service/job_spec.hpp"

namespace trexsearch::service {

/// The `submit` arguments -> validated JobSpec:
/// `{"name"?, "method"?: "mlr", "spec": {MLRsearch spec}, "measurer": {"kind": ...},
/// "profile"?}`. Invalid input throws RequestError(bad_request) whose text names the
/// JSON path and value ("spec.goals[0].loss_ratio = 2: ..."); a method or measurer
/// this daemon does not have yet throws NotSupportedError.
JobSpec decode_job_spec(const Json::Value& json);

/// JobSpec -> the same shape with every key written, defaults included: the form
/// kept in the store, so that a resumed job runs exactly as submitted even if a
/// later version changes a default.
Json::Value encode_job_spec(const JobSpec& spec);

}  // namespace trexsearch::service
