#pragma once

#include <string>

#include "plr/plr_trial.hpp"

namespace trexsearch::service {

/// What the store keeps of a PLR trial besides its request and counts: times, the
/// model's loss count and the full computation state (fits with their focus, the
/// estimate), so a resumed soak search continues exactly (docs/daemon.md "PLR jobs").
/// Compact JSON; doubles round-trip bit for bit.
std::string encode_plr_trial_state(const plr::PlrTrial& trial);

/// The inverse: fills every field of `trial` but `number` and `result`. Throws
/// ConfigError naming the field ("plr.fits[1].focus") on a malformed document.
void decode_plr_trial_state(const std::string& text, plr::PlrTrial& trial);

}  // namespace trexsearch::service
