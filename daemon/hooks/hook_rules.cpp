#include "daemon/hooks/hook_rules.hpp"

#include <utility>

namespace trexsearch::service {

HookRules::HookRules(std::shared_ptr<const HookSet> hooks,
                     std::shared_ptr<const TestbedSet> testbeds) {
  set(std::move(hooks), std::move(testbeds));
}

void HookRules::set(std::shared_ptr<const HookSet> hooks,
                    std::shared_ptr<const TestbedSet> testbeds) {
  if (!hooks) hooks = std::make_shared<const HookSet>();
  std::lock_guard lock(mutex_);
  hooks_ = std::move(hooks);
  testbeds_ = std::move(testbeds);
}

std::shared_ptr<const HookSet> HookRules::hooks() const {
  std::lock_guard lock(mutex_);
  return hooks_;
}

std::optional<std::string> HookRules::problem_with(const JobHooks& hooks,
                                                   const std::string& testbed) const {
  if (hooks.empty()) return std::nullopt;
  std::shared_ptr<const HookSet> definitions;
  std::shared_ptr<const TestbedSet> testbeds;
  {
    std::lock_guard lock(mutex_);
    definitions = hooks_;
    testbeds = testbeds_;
  }
  const Testbed* on = testbeds && !testbed.empty() ? testbeds->find(testbed) : nullptr;
  return definitions->problem_with(hooks, on);
}

}  // namespace trexsearch::service
