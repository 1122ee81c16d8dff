#pragma once

#include <json/value.h>

#include "daemon/model/job_spec.hpp"

namespace trexsearch::service {

/// A job's `measurer` object -> MeasurerSpec: `{"kind": "sim" | "exec" | "trex", ...}`.
/// Invalid input throws measure::ConfigError or RequestError(bad_request), each naming
/// the field ("measurer.kind", "measurer.profile...") and the value.
MeasurerSpec decode_measurer(const Json::Value& json);

/// MeasurerSpec -> the same shape with every key written, defaults included (the
/// stored form: a trex measurer's profile as decoded at submission).
Json::Value encode_measurer(const MeasurerSpec& measurer);

}  // namespace trexsearch::service
