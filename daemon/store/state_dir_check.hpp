#pragma once

#include <filesystem>

namespace trexsearch::service {

/// What `--check-config` (and the start) can tell about `state-dir` without
/// touching it: it is a directory the daemon can write (or can be created in a
/// writable parent), and the job store `jobs.sqlite`, when it exists, is a regular
/// file — not a directory or a device such as /dev/null. Throws ConfigError naming
/// `state-dir` and the path.
void check_state_dir(const std::filesystem::path& state_dir);

}  // namespace trexsearch::service
