#include "daemon/model/job_hooks.hpp"

#include <algorithm>

namespace trexsearch::service {

std::string_view to_string(HookPoint point) {
  switch (point) {
    case HookPoint::before_search:
      return "before_search";
    case HookPoint::before_trial:
      return "before_trial";
    case HookPoint::after_trial:
      return "after_trial";
    case HookPoint::after_search:
      return "after_search";
  }
  return "before_search";
}

std::optional<HookPoint> hook_point_from(std::string_view text) {
  for (HookPoint point : kHookPoints) {
    if (to_string(point) == text) return point;
  }
  return std::nullopt;
}

bool JobHooks::empty() const {
  return std::all_of(names.begin(), names.end(),
                     [](const std::vector<std::string>& list) { return list.empty(); });
}

}  // namespace trexsearch::service
