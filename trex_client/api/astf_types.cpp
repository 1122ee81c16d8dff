#include "trex_client/api/astf_types.hpp"

namespace trexsearch::trex {

std::string_view to_string(AstfState state) {
  // TRex's names (trex_astf.h), as its errors quote them.
  switch (state) {
    case AstfState::idle:
      return "Idle";
    case AstfState::loaded:
      return "Loaded profile";
    case AstfState::parse:
      return "Parsing profile";
    case AstfState::build:
      return "Setup traffic";
    case AstfState::tx:
      return "Transmitting";
    case AstfState::cleanup:
      return "Cleanup traffic";
    case AstfState::deleting:
      return "Delete profile";
  }
  return "unknown";
}

std::optional<AstfState> astf_state_from_int(std::int64_t value) {
  if (value < 0 || value > static_cast<std::int64_t>(AstfState::deleting)) return std::nullopt;
  return static_cast<AstfState>(value);
}

bool is_transient(AstfState state) {
  return state == AstfState::parse || state == AstfState::build || state == AstfState::cleanup ||
         state == AstfState::deleting;
}

AstfState AstfSync::profile_state(std::string_view profile_id) const {
  const auto it = profiles.find(std::string(profile_id));
  return it == profiles.end() ? AstfState::idle : it->second;
}

}  // namespace trexsearch::trex
