#pragma once

#include <string>

#include "trex_client/profile/profile_summary.hpp"

namespace trexsearch::cli {

/// A profile summary for people: a heading (name, source, counters, mean frame
/// size), then per direction a table of its streams (frame size, share, L1 bits a
/// frame, what the field engine varies and over how many values, checksum fixes).
std::string format_profile_summary(const trex::ProfileSummary& summary, const std::string& source);

}  // namespace trexsearch::cli
