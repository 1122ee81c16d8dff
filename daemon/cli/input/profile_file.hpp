#pragma once

#include <cstddef>
#include <string>

namespace trexsearch::cli {

/// The most a traffic profile file may hold (the daemon's request line is 1 MiB by
/// default, and a profile is a few KB).
inline constexpr std::size_t kMaxProfileBytes = std::size_t{1} << 20;

/// Reads the traffic profile at `path` for submission: only a regular file (a FIFO,
/// a device such as /dev/zero or a directory is refused without reading, so
/// nothing blocks), at most `max_bytes`. A relative path is relative to the working
/// directory. Throws BadInputError naming the path and the reason.
/// (submit_document_codec.hpp parses it.)
std::string read_profile_file(const std::string& path, std::size_t max_bytes = kMaxProfileBytes);

/// The same for any file the CLI reads for a request: `kind` and `noun` name it in
/// errors ("cannot read traffic profile P: a FIFO, a profile must be a regular file").
std::string read_regular_file(const std::string& path, const std::string& kind,
                              const std::string& noun, std::size_t max_bytes);

/// The `profile_source` label of a profile read from `path`: its absolute path.
std::string profile_source_of(const std::string& path);

}  // namespace trexsearch::cli
