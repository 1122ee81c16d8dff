#pragma once

#include <json/value.h>

#include <string>

#include "daemon/model/job_spec.hpp"

namespace trexsearch::service {

/// A `trex` measurer's `astf` section (docs/astf.md "Jobs"): `template` (CSIT's
/// profiles, compiled here) or `profile` (TRex's own profile JSON, checked here) with
/// `profile_source`, and the trial settings `counting`, `client_mask`, `start_delay`,
/// `finish_grace`, `pace_slack`, `count_tolerance`, `end_bound`, `ramp_up`, `state_timeout`.
/// Decoded once at submission; throws ConfigError naming "<path>.<key>" and the value.
AstfJobSpec decode_astf_job(const Json::Value& json, const std::string& path);

/// The section as decode_astf_job reads it back to the same job (the profile as it
/// was decoded, every setting written out).
Json::Value encode_astf_job(const AstfJobSpec& spec);

}  // namespace trexsearch::service
