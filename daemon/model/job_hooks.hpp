#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trexsearch::service {

/// Where in a job an operator's hook runs (docs/testbeds.md "Hooks").
enum class HookPoint {
  before_search,  ///< at the start of every run of the job (a resumed run too)
  before_trial,   ///< before each live trial (never before a replayed one)
  after_trial,    ///< after each live trial
  after_search,   ///< after a run that ended by itself or failed (not after a cancel)
};

inline constexpr std::array<HookPoint, 4> kHookPoints{
    HookPoint::before_search, HookPoint::before_trial, HookPoint::after_trial,
    HookPoint::after_search};

/// "before_search", ...: the job's keys and the hooks' HOOK_POINT.
std::string_view to_string(HookPoint point);
std::optional<HookPoint> hook_point_from(std::string_view text);

/// Whether `name` can name a hook: a `[hook.NAME]` section's NAME and what jobs give,
/// 1 to 64 letters, digits, '-' and '_'.
bool valid_hook_name(std::string_view name);

/// The hooks a job names at each point, by the names of the daemon's `[hook.NAME]`
/// sections; they run in the order given. A job never carries a command: the
/// daemon runs only what its operator defined.
struct JobHooks {
  std::array<std::vector<std::string>, kHookPoints.size()> names;

  const std::vector<std::string>& at(HookPoint point) const {
    return names[static_cast<std::size_t>(point)];
  }
  std::vector<std::string>& at(HookPoint point) { return names[static_cast<std::size_t>(point)]; }
  bool empty() const;
  bool has_trial_hooks() const {
    return !at(HookPoint::before_trial).empty() || !at(HookPoint::after_trial).empty();
  }
  friend bool operator==(const JobHooks&, const JobHooks&) = default;
};

}  // namespace trexsearch::service
