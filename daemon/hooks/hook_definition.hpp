#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/model/job_hooks.hpp"
#include "daemon/testbeds/testbed.hpp"

namespace trexsearch::service {

/// What a failed hook run does to its trial or job (`on-failure`).
enum class HookFailure {
  fail_trial,  ///< the trial is invalid: measured again, a bounded number of times
  fail_job,    ///< the job fails, saying which hook and how
  note,        ///< the trial (or job) carries a hook_failed note; nothing else changes
};
std::string_view to_string(HookFailure failure);

/// One `[hook.NAME]` section of the daemon's config: a command the operator allows
/// jobs to run around searches and trials (docs/testbeds.md "Hooks").
struct HookDefinition {
  std::string name;
  /// The command as configured, for display.
  std::string command;
  /// `command` split like a shell would (quotes, backslashes) but run without one;
  /// argv[0] is an absolute path.
  std::vector<std::string> argv;
  std::chrono::milliseconds timeout{10'000};
  HookFailure on_failure = HookFailure::fail_job;
  /// stdout and stderr kept per run; the rest is dropped and counted.
  std::size_t output_cap_bytes = std::size_t{64} << 10;
};

/// The hooks a daemon defines. Immutable; a SIGHUP makes a new one.
class HookSet {
 public:
  HookSet() = default;
  explicit HookSet(std::vector<HookDefinition> hooks);

  const HookDefinition* find(std::string_view name) const;
  const std::vector<HookDefinition>& all() const { return hooks_; }
  /// "reset-nat, vpp-stats", or "none".
  std::string names() const;

  /// Why a job naming `hooks` cannot run here, or nullopt when it can: a name that
  /// is no `[hook.NAME]` section, or one its testbed does not allow (`testbed`'s
  /// `hooks` key; null testbed: no such limit). The text names the point, the hook
  /// and the hooks it may name.
  std::optional<std::string> problem_with(const JobHooks& hooks, const Testbed* testbed) const;

 private:
  std::vector<HookDefinition> hooks_;
};

}  // namespace trexsearch::service
