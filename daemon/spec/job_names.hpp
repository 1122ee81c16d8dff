#pragma once

#include "daemon/model/job_spec.hpp"

namespace trexsearch::service {

/// Refuses a submitted job whose names would reach terminals and logs unsafe: the
/// job's `name` and `profile` label, every goal's `name`, a `trex` measurer's
/// profile path and the profile's own `name` must be valid UTF-8 without control
/// characters (an escape sequence in a name would run in every `trex-search list`
/// of every user). Throws RequestError(bad_request) naming the field, its value
/// (escaped) and the problem. Checked at submission only: jobs stored by older
/// versions still load.
void check_job_names(const JobSpec& spec);

}  // namespace trexsearch::service
