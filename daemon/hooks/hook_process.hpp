#pragma once

#include <stop_token>
#include <string>
#include <vector>

#include "daemon/hooks/hook_definition.hpp"
#include "daemon/model/hook_run.hpp"

namespace trexsearch::service {

/// Runs `hook` once and waits for it (docs/testbeds.md "Hooks"): its argv without a
/// shell, `environment` ("KEY=VALUE", nothing inherited) as its whole environment,
/// stdin /dev/null, stdout and stderr into one pipe kept up to the hook's output
/// cap, in a process group of its own. At its timeout, or when `stop` is requested,
/// the group and every process below the hook are killed (SIGKILL) and reaped. After
/// the hook exits, what it left running in its group is killed too: a hook must not
/// outlive its run. Fills the run's end, status, duration and output; never throws.
HookRun run_hook_process(const HookDefinition& hook, const std::vector<std::string>& environment,
                         const std::stop_token& stop);

}  // namespace trexsearch::service
