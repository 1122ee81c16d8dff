#pragma once

#include <json/value.h>

#include "daemon/model/job_hooks.hpp"

namespace trexsearch::service {

/// A job's `"hooks"` object: each point (before_search, before_trial, after_trial,
/// after_search) names one hook ("reset-nat") or a list of them, run in that
/// order. `json` null: no hooks. Throws ConfigError naming "hooks.POINT" and the
/// offending value (an unknown point, a name that is no section name, a repeat).
/// Whether the daemon defines those hooks is the intake's check (HookSet).
JobHooks decode_job_hooks(const Json::Value* json);

/// Lists at every point that has hooks; an empty object for none.
Json::Value encode_job_hooks(const JobHooks& hooks);

}  // namespace trexsearch::service
