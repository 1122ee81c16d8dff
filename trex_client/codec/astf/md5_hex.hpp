#pragma once

#include <string>
#include <string_view>

namespace trexsearch::trex {

/// Lowercase hex MD5 of `text`: what `profile_fragment` carries as `md5` for the
/// whole uploaded string (trex-astf.md §1.5).
std::string md5_hex(std::string_view text);

}  // namespace trexsearch::trex
