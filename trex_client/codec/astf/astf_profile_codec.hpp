#pragma once

// ASTF profiles (trex-astf.md §2): TRex's own profile JSON accepted as it is, and the
// declarative template of CSIT's four NAT44 profiles compiled into that JSON.

#include <json/value.h>

#include <filesystem>
#include <string>
#include <string_view>

#include "trex_client/profile/astf_profile.hpp"

namespace trexsearch::trex {

/// TRex's profile JSON as written by ASTFProfile.to_json() (or astf-sim --json), accepted
/// as it is: checked structurally (buf_list, ip_gen_dist_list, program_list, templates >= 1,
/// indexes in range, client and server ip_gen distinct, IPv4 strings valid, cps >= 0.5,
/// commands as TRex's schema has them) so that obvious mistakes fail at submission with a
/// ConfigError naming "<source>:<path>" and the value, while anything TRex's schema allows
/// passes. `json` is the text re-serialised compactly (so md5 is of what is sent).
AstfProfile parse_astf_profile(std::string_view json_text, const std::string& source);
AstfProfile decode_astf_profile(const Json::Value& json, const std::string& source);

/// The declarative template -> the profile (JSON as Python's to_json writes CSIT's
/// equivalent profile, payload padded with 'x'); source "template".
AstfProfile compile_astf_template(const AstfTemplate& spec);

/// Template from the JSON object a job spec carries: {"protocol":"tcp","transaction":"cps",
/// "frame_size":64,"sessions":64512, ...}; absent keys take AstfTemplate's defaults,
/// unknown keys are refused naming them; errors name "<path>.<key>".
AstfTemplate decode_astf_template(const Json::Value& json, const std::string& path);
/// Every key written out (data_frames and keepalive_ms only where they apply), so that
/// decode_astf_template reads back the same template.
Json::Value encode_astf_template(const AstfTemplate& spec);

/// Reads a .json profile file (ConfigError when unreadable).
AstfProfile load_astf_profile(const std::filesystem::path& path);

}  // namespace trexsearch::trex
