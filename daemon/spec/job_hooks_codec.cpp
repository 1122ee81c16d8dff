#include "daemon/spec/job_hooks_codec.hpp"

#include <algorithm>
#include <string>

#include "daemon/codec/json_writer.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

std::string hook_name(const Json::Value& value, const std::string& path) {
  if (!value.isString() || !valid_hook_name(value.asString())) {
    throw measure::ConfigError(path, codec::quote_json(value),
                               "must name a hook of the daemon's config ([hook.NAME]: letters, "
                               "digits, '-' and '_', 1 to 64)");
  }
  return value.asString();
}

std::vector<std::string> names_at(const Json::Value& value, const std::string& path) {
  std::vector<std::string> names;
  if (!value.isArray()) {
    names.push_back(hook_name(value, path));
    return names;
  }
  if (value.empty() || value.size() > 16) {
    throw measure::ConfigError(path, codec::quote_json(value),
                               "must name 1 to 16 hooks (leave the point out for none)");
  }
  for (Json::ArrayIndex i = 0; i < value.size(); ++i) {
    const std::string item_path = path + "[" + std::to_string(i) + "]";
    std::string name = hook_name(value[i], item_path);
    if (std::find(names.begin(), names.end(), name) != names.end()) {
      throw measure::ConfigError(item_path, codec::quote_json(value[i]),
                                 "is named twice at this point");
    }
    names.push_back(std::move(name));
  }
  return names;
}

}  // namespace

JobHooks decode_job_hooks(const Json::Value* json) {
  JobHooks hooks;
  if (json == nullptr || json->isNull()) return hooks;
  if (!json->isObject()) {
    throw measure::ConfigError("hooks", codec::quote_json(*json),
                               "must be an object: {\"before_trial\": \"NAME\", ...}");
  }
  for (const std::string& key : json->getMemberNames()) {
    const std::optional<HookPoint> point = hook_point_from(key);
    if (!point) {
      throw measure::ConfigError("hooks." + key, codec::quote_json((*json)[key]),
                                 "unknown hook point (known: before_search, before_trial, "
                                 "after_trial, after_search)");
    }
    hooks.at(*point) = names_at((*json)[key], "hooks." + key);
  }
  return hooks;
}

Json::Value encode_job_hooks(const JobHooks& hooks) {
  Json::Value json(Json::objectValue);
  for (HookPoint point : kHookPoints) {
    if (hooks.at(point).empty()) continue;
    Json::Value& list = json[std::string(to_string(point))] = Json::Value(Json::arrayValue);
    for (const std::string& name : hooks.at(point)) list.append(name);
  }
  return json;
}

}  // namespace trexsearch::service
