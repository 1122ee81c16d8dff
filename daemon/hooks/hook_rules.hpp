#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "daemon/hooks/hook_definition.hpp"
#include "daemon/model/job_hooks.hpp"
#include "daemon/testbeds/testbed.hpp"

namespace trexsearch::service {

/// The daemon's hooks and testbeds as they are now: what a submitted job may name
/// (checked at intake) and what a starting job runs. A SIGHUP replaces both; a job
/// that has started keeps the definitions it started with. Thread-safe.
class HookRules {
 public:
  HookRules(std::shared_ptr<const HookSet> hooks, std::shared_ptr<const TestbedSet> testbeds);

  void set(std::shared_ptr<const HookSet> hooks, std::shared_ptr<const TestbedSet> testbeds);
  std::shared_ptr<const HookSet> hooks() const;
  /// Why a job naming `hooks` on testbed `testbed` (empty: none) cannot run here.
  std::optional<std::string> problem_with(const JobHooks& hooks, const std::string& testbed) const;

 private:
  mutable std::mutex mutex_;
  std::shared_ptr<const HookSet> hooks_;
  std::shared_ptr<const TestbedSet> testbeds_;
};

}  // namespace trexsearch::service
