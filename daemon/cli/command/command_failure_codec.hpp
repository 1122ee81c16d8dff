#pragma once

#include <string>

#include "daemon/cli/command/command_errors.hpp"

namespace trexsearch::cli {

/// A failed command for scripts reading `--json` (docs/cli.md): one line,
/// `{"error": {"code", "message", "exit_code"}}`, without its newline.
std::string encode_command_failure(const CommandFailure& failure);

}  // namespace trexsearch::cli
