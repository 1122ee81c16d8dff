#pragma once

#include <json/value.h>

#include "daemon/model/job_spec.hpp"

namespace trexsearch::service {

/// The job spec's `latency` key into `spec` (method and search spec already
/// decoded): absent -> LatencyMode::automatic, `false` -> off, `true` -> on with the
/// defaults, an object -> on with `{"fractions", "goals", "duration", "every_trial"}` (each
/// optional, unknown keys refused). Goals must name the MLR spec's goals; PLR jobs take only
/// `every_trial` (true: every soak trial is a latency trial anyway). Throws
/// ConfigError naming `latency.<key>`, the value and what is allowed.
void decode_latency_spec(const Json::Value* json, JobSpec& spec);

/// The canonical form: nothing for automatic, `false` for off, the whole object
/// (defaults written) for on.
void encode_latency_spec(const JobSpec& spec, Json::Value& job);

}  // namespace trexsearch::service
