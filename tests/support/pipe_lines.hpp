#pragma once

#include <chrono>
#include <string>

namespace trexsearch::testing {

/// Reads one line from `fd` (a child's stdout), keeping what follows it in
/// `buffer` for the next call. Waits on poll() up to `timeout`, never sleeps.
/// Returns "(timeout)" or "(eof)" instead of a line when those happen first.
std::string read_pipe_line(int fd, std::string& buffer, std::chrono::milliseconds timeout);

}  // namespace trexsearch::testing
