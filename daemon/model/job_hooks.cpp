#include "daemon/model/job_hooks.hpp"

#include <algorithm>
#include <cctype>

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

bool valid_hook_name(std::string_view name) {
  return !name.empty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_';
  });
}

bool JobHooks::empty() const {
  return std::all_of(names.begin(), names.end(),
                     [](const std::vector<std::string>& list) { return list.empty(); });
}

}  // namespace trexsearch::service
