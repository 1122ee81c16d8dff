#include "daemon/hooks/hook_settings.hpp"

#include <algorithm>
#include <boost/program_options/parsers.hpp>
#include <charconv>
#include <cmath>
#include <map>

#include "measure/errors.hpp"

namespace trexsearch::service {
namespace {

constexpr double kMaxTimeoutSeconds = 3600.0;
constexpr std::size_t kMaxOutputCapBytes = std::size_t{1} << 20;

std::vector<std::string> split_command(const std::string& key, const std::string& value) {
  std::vector<std::string> argv;
  try {
    // Boost's shell-like splitting (quotes, backslash escapes): the words a shell
    // would pass, without a shell to expand or redirect anything.
    argv = boost::program_options::split_unix(value);
  } catch (const std::exception& error) {
    throw measure::ConfigError(key, value,
                               std::string("cannot be split into words: ") + error.what());
  }
  if (argv.empty()) throw measure::ConfigError(key, "\"\"", "must name a program");
  if (argv.front().empty() || argv.front().front() != '/') {
    throw measure::ConfigError(key, value,
                               "the program must be an absolute path (hooks run with a clean "
                               "environment and no shell, so nothing searches PATH)");
  }
  return argv;
}

double number(const std::string& key, const std::string& value) {
  double parsed = 0.0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), parsed);
  if (error != std::errc{} || end != value.data() + value.size() || !std::isfinite(parsed)) {
    throw measure::ConfigError(key, value, "must be a number");
  }
  return parsed;
}

void apply(HookDefinition& hook, const std::string& setting, const std::string& key,
           const std::string& value) {
  if (key == "command") {
    hook.argv = split_command(setting, value);
    hook.command = value;
  } else if (key == "timeout") {
    const double seconds = number(setting, value);
    if (seconds <= 0.0 || seconds > kMaxTimeoutSeconds) {
      throw measure::ConfigError(setting, value, "must be more than 0 and at most 3600 seconds");
    }
    hook.timeout = std::chrono::milliseconds(std::llround(seconds * 1000.0));
  } else if (key == "on-failure") {
    if (value == "fail-trial") {
      hook.on_failure = HookFailure::fail_trial;
    } else if (value == "fail-job") {
      hook.on_failure = HookFailure::fail_job;
    } else if (value == "note") {
      hook.on_failure = HookFailure::note;
    } else {
      throw measure::ConfigError(setting, value, "must be fail-trial, fail-job or note");
    }
  } else if (key == "output-cap") {
    const double bytes = number(setting, value);
    if (bytes < 0.0 || bytes > static_cast<double>(kMaxOutputCapBytes) ||
        bytes != std::floor(bytes)) {
      throw measure::ConfigError(setting, value, "must be whole bytes, 0 to 1048576");
    }
    hook.output_cap_bytes = static_cast<std::size_t>(bytes);
  } else {
    throw measure::ConfigError(setting, value,
                               "unknown hook key (known: command, timeout, on-failure, "
                               "output-cap)");
  }
}

}  // namespace

HookSet hooks_from_settings(const std::vector<std::pair<std::string, std::string>>& settings) {
  std::vector<std::string> order;
  std::map<std::string, HookDefinition> sections;
  for (const auto& [setting, value] : settings) {
    // "hook.NAME.KEY": the section [hook.NAME] and its KEY.
    constexpr std::size_t kPrefix = 5;  // "hook."
    const std::size_t dot = setting.rfind('.');
    const bool shaped = setting.rfind("hook.", 0) == 0 && dot != std::string::npos && dot > kPrefix;
    const std::string name = shaped ? setting.substr(kPrefix, dot - kPrefix) : "";
    if (!shaped || !valid_hook_name(name)) {
      throw measure::ConfigError(setting, value,
                                 "not a hook setting: a section [hook.NAME] (NAME of letters, "
                                 "digits, '-' and '_') with a command");
    }
    auto [entry, added] = sections.try_emplace(name);
    if (added) {
      order.push_back(name);
      entry->second.name = name;
    }
    apply(entry->second, setting, setting.substr(dot + 1), value);
  }
  std::vector<HookDefinition> hooks;
  for (const std::string& name : order) {
    const HookDefinition& hook = sections.at(name);
    if (hook.argv.empty()) {
      throw measure::ConfigError("hook." + name + ".command", "(missing)",
                                 "required: the program and its arguments, e.g. "
                                 "/usr/local/bin/reset-nat --dut 10.0.0.1");
    }
    hooks.push_back(hook);
  }
  return HookSet(std::move(hooks));
}

}  // namespace trexsearch::service
