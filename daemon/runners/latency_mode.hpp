#pragma once

#include <string>
#include <variant>

#include "daemon/model/job_spec.hpp"
#include "measure/measurer.hpp"

namespace trexsearch::service {

/// Whether a job measures latency with this measurer (docs/latency.md): true when
/// its `latency` section asks for it, or it has none and the measurer has latency
/// streams; false for `"latency": false` or a measurer without streams. A job that
/// asks for latency of a measurer without latency streams gets why it cannot run.
std::variant<bool, std::string> latency_active(const JobSpec& spec,
                                               const measure::Measurer& measurer);

}  // namespace trexsearch::service
