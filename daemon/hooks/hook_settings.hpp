#pragma once

#include <string>
#include <utility>
#include <vector>

#include "daemon/hooks/hook_definition.hpp"

namespace trexsearch::service {

/// The config file's `[hook.NAME]` sections, as the settings "hook.NAME.KEY" = VALUE
/// in file order. Keys: `command` (required; split like a shell would, run without
/// one; the program an absolute path), `timeout` (seconds, default 10, at most
/// 3600), `on-failure` (fail-trial, fail-job (default) or note), `output-cap`
/// (bytes kept per run, default 65536, at most 1048576). Throws ConfigError naming
/// the key and value.
HookSet hooks_from_settings(const std::vector<std::pair<std::string, std::string>>& settings);

}  // namespace trexsearch::service
