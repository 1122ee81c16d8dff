#pragma once

#include <json/value.h>

#include <cstddef>
#include <string>

namespace trexsearch::cli {

/// The most a traffic profile file may hold (the daemon's request line is 1 MiB by
/// default, and a profile is a few KB).
inline constexpr std::size_t kMaxProfileBytes = std::size_t{1} << 20;

/// Reads and strictly parses the traffic profile at `path` for submission: only a
/// regular file (a FIFO, a device such as /dev/zero or a directory is refused
/// without reading, so nothing blocks), at most `max_bytes`. A relative path is
/// relative to the working directory. Throws BadInputError naming the path and
/// the reason.
Json::Value read_profile_file(const std::string& path, std::size_t max_bytes = kMaxProfileBytes);

/// The `profile_source` label of a profile read from `path`: its absolute path.
std::string profile_source_of(const std::string& path);

/// When `submit_arguments` has a `trex` measurer whose `profile` is a path, replaces
/// it by the file's contents and sets `profile_source` to the absolute path (the
/// daemon never opens files a client names). Anything else is left alone.
void inline_trex_profile(Json::Value& submit_arguments);

}  // namespace trexsearch::cli
