#pragma once

#include <json/value.h>

#include "daemon/model/fixed_load_result.hpp"
#include "daemon/model/fixed_load_spec.hpp"

namespace trexsearch::service {

/// The `spec` of an MRR job (docs/mrr.md), its `load` already in pps. Throws
/// ConfigError naming the field (relative to `spec`).
MrrSpec decode_mrr_spec(const Json::Value& json);
Json::Value encode_mrr_spec(const MrrSpec& spec);

/// The `spec` of a fixed-rate soak (docs/mrr.md), its `load` already in pps.
SoakSpec decode_soak_spec(const Json::Value& json);
Json::Value encode_soak_spec(const SoakSpec& spec);

/// `result`'s document for an MRR or soak job: the plan, how it ended, the receive
/// rate's stats (aggregate and per direction), the tester limit, the soak's
/// threshold verdict, and every trial (as `show` encodes it, plus its rates).
Json::Value encode_fixed_load_result(const FixedLoadResult& result);

}  // namespace trexsearch::service
