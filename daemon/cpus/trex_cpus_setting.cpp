#include "daemon/cpus/trex_cpus_setting.hpp"

#include "measure/errors.hpp"

namespace trexsearch::service {

std::string TrexCpusSetting::text() const {
  switch (mode) {
    case Mode::automatic:
      return "auto";
    case Mode::none:
      return "none";
    case Mode::list:
      return format_cpu_set(cpus);
  }
  return "auto";
}

std::string_view TrexCpusSetting::source() const {
  switch (mode) {
    case Mode::automatic:
      return "auto";
    case Mode::none:
      return "none";
    case Mode::list:
      return "config";
  }
  return "auto";
}

TrexCpusSetting parse_trex_cpus_setting(const std::string& text,
                                        const std::optional<CpuSet>& online) {
  TrexCpusSetting setting;
  if (text == "auto") return setting;
  if (text == "none") {
    setting.mode = TrexCpusSetting::Mode::none;
    return setting;
  }
  const std::optional<CpuSet> cpus = parse_cpu_set(text);
  if (!cpus || cpus->empty()) {
    throw measure::ConfigError("trex-cpus", "\"" + text + "\"",
                               "must be auto, none or a list of CPUs such as 1 or 2-5,8");
  }
  if (online) {
    const CpuSet offline = cpu_set_minus(*cpus, *online);
    if (!offline.empty()) {
      throw measure::ConfigError(
          "trex-cpus", text,
          std::string(offline.size() == 1 ? "CPU " : "CPUs ") + format_cpu_set(offline) +
              (offline.size() == 1 ? " is" : " are") +
              " not online on this machine (online CPUs: " + format_cpu_set(*online) + ")");
    }
  }
  setting.mode = TrexCpusSetting::Mode::list;
  setting.cpus = *cpus;
  return setting;
}

}  // namespace trexsearch::service
