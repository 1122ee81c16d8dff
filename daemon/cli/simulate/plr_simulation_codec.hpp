#pragma once

#include <optional>
#include <string>

#include "plr/plr_config.hpp"
#include "plr/soak_search.hpp"

namespace trexsearch::cli {

/// `simulate --method plr`'s JSON output: the result (codec::encode_plr_result)
/// with the `spec` it ran and `sut_critical_load` (the built-in SUT's true critical
/// load [pps], null without one), pretty-printed.
std::string encode_plr_simulation(const plr::PlrResult& result, const plr::PlrConfig& config,
                                  const std::optional<double>& sut_critical_load_pps);

}  // namespace trexsearch::cli
