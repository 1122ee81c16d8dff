#pragma once

#include <optional>
#include <string>

#include "daemon/model/job_spec.hpp"
#include "measure/units.hpp"

namespace trexsearch::service {

/// At submission (docs/astf.md "Jobs"): has TRex at `endpoint` parse the ASTF job's
/// profile, which TRex does only when traffic starts. When TRex's context is free: takes
/// it, uploads the profile, starts it at the lowest rate TRex allows for 10 ms and stops
/// it as soon as TRex transmits, clears it and lets the context go. Returns TRex's
/// reason when it refused the profile; nothing when it accepted it or could not be asked
/// (the context taken by a running job, TRex away or stateless): the job's start checks
/// again. Each request waits at most `rpc_timeout`, the whole probe about 2 s at most.
std::optional<std::string> probe_astf_profile(const std::string& endpoint, const std::string& user,
                                              const AstfJobSpec& job, measure::Seconds rpc_timeout);

}  // namespace trexsearch::service
