#pragma once

#include <string>

#include "trex_emulator/astf/astf_state.hpp"

namespace trexsearch::trex::emu {

/// What PARSE makes of an uploaded ASTF profile (the JSON `ASTFProfile.to_json()`
/// writes, trex-astf.md §2), with TRex's error texts: "Profile parsing error: Failed
/// parsing json message : ..." for text that is no JSON, "Profile parsing error:
/// Validation failed..." naming the missing property, the index out of range, the bad
/// IPv4 address or the cps below 0.5 (astf_schema.json, CAstfJsonValidator). Never
/// throws.
AstfParseOutcome parse_astf_profile(const std::string& text);

}  // namespace trexsearch::trex::emu
