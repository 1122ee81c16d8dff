#include "daemon/hooks/hook_definition.hpp"

#include <algorithm>

namespace trexsearch::service {

std::string_view to_string(HookFailure failure) {
  switch (failure) {
    case HookFailure::fail_trial:
      return "fail-trial";
    case HookFailure::fail_job:
      return "fail-job";
    case HookFailure::note:
      return "note";
  }
  return "fail-job";
}

HookSet::HookSet(std::vector<HookDefinition> hooks) : hooks_(std::move(hooks)) {}

const HookDefinition* HookSet::find(std::string_view name) const {
  const auto found = std::find_if(hooks_.begin(), hooks_.end(),
                                  [name](const HookDefinition& hook) { return hook.name == name; });
  return found == hooks_.end() ? nullptr : &*found;
}

std::string HookSet::names() const {
  std::string text;
  for (const HookDefinition& hook : hooks_) text += (text.empty() ? "" : ", ") + hook.name;
  return text.empty() ? "none" : text;
}

std::optional<std::string> HookSet::problem_with(const JobHooks& hooks,
                                                 const Testbed* testbed) const {
  for (HookPoint point : kHookPoints) {
    for (const std::string& name : hooks.at(point)) {
      const std::string where = "hooks." + std::string(to_string(point)) + " \"" + name + "\": ";
      if (find(name) == nullptr) {
        return where +
               "this daemon defines no such hook (its config's [hook.NAME] sections: " + names() +
               ")";
      }
      if (testbed != nullptr && testbed->hooks && !testbed->hooks->contains(name)) {
        std::string allowed;
        for (const std::string& known : *testbed->hooks) {
          allowed += (allowed.empty() ? "" : ", ") + known;
        }
        return where + "testbed " + testbed->name +
               " does not allow it (its hooks: " + (allowed.empty() ? "none" : allowed) + ")";
      }
    }
  }
  return std::nullopt;
}

}  // namespace trexsearch::service
