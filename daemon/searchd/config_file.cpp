#include "daemon/searchd/config_file.hpp"

#include <fstream>
#include <set>
#include <sstream>

#include "daemon/hooks/hook_settings.hpp"
#include "daemon/searchd/options.hpp"
#include "daemon/testbeds/testbed_settings.hpp"
#include "measure/errors.hpp"

namespace trexsearch::service {

namespace po = boost::program_options;

std::vector<std::pair<std::string, std::string>> read_config_file(
    const std::string& file, const po::options_description& settings, po::variables_map& vm) {
  std::ifstream in(file);
  if (!in) throw OptionsError(file + ": cannot be read");
  std::vector<std::pair<std::string, std::string>> sections;
  try {
    // The parsed options point into `settings`, which outlives store() here.
    const po::parsed_options parsed = po::parse_config_file(in, settings, true);
    for (const po::option& option : parsed.options) {
      if (!option.unregistered) continue;
      if (option.string_key.rfind("testbed.", 0) != 0 && option.string_key.rfind("hook.", 0) != 0) {
        throw OptionsError(file + ": unrecognised option '" + option.string_key + "'");
      }
      sections.emplace_back(option.string_key, option.value.empty() ? "" : option.value.front());
    }
    po::store(parsed, vm);
  } catch (const po::error& error) {
    throw OptionsError(file + ": " + error.what());
  }
  return sections;
}

void apply_config_sections(const std::vector<std::pair<std::string, std::string>>& sections,
                           const std::string& file, DaemonOptions& options) {
  std::vector<std::pair<std::string, std::string>> testbed_settings;
  std::vector<std::pair<std::string, std::string>> hook_settings;
  for (const auto& setting : sections) {
    (setting.first.rfind("hook.", 0) == 0 ? hook_settings : testbed_settings).push_back(setting);
  }
  options.testbeds = std::make_shared<const TestbedSet>(
      testbeds_from_settings(testbed_settings, options.trex_endpoint));
  options.hooks = std::make_shared<const HookSet>(hooks_from_settings(hook_settings));
  for (const Testbed& testbed : options.testbeds->all()) {
    for (const std::string& name : testbed.hooks.value_or(std::set<std::string>{})) {
      if (options.hooks->find(name) == nullptr) {
        throw OptionsError(
            file + ": testbed." + testbed.name + ".hooks names \"" + name +
            "\", which no [hook.NAME] section defines (defined: " + options.hooks->names() + ")");
      }
    }
  }
}

std::string describe_config_sections(const DaemonOptions& options) {
  std::ostringstream text;
  // The testbeds as sections, the one made of trex-endpoint included.
  for (const Testbed& testbed :
       options.testbeds ? options.testbeds->all() : std::vector<Testbed>{}) {
    if (testbed.ports.empty()) {
      text << "# testbed " << testbed.name << ": trex-endpoint, every port (no [testbed.NAME] "
           << "section)\n";
      continue;
    }
    text << "\n[testbed." << testbed.name << "]\nendpoint = " << testbed.endpoint
         << "\nports = " << testbed.ports_text() << "\n";
    if (testbed.trex_user) text << "trex-user = " << *testbed.trex_user << "\n";
    if (testbed.port_speed_gbps) {
      text << "port-speed = " << measure::format_value(*testbed.port_speed_gbps) << "\n";
    }
    if (testbed.hooks) {
      std::string names;
      for (const std::string& name : *testbed.hooks) names += (names.empty() ? "" : ",") + name;
      text << "hooks = " << names << "\n";
    }
  }
  for (const HookDefinition& hook :
       options.hooks ? options.hooks->all() : std::vector<HookDefinition>{}) {
    text << "\n[hook." << hook.name << "]\ncommand = " << hook.command << "\ntimeout = "
         << measure::format_value(std::chrono::duration<double>(hook.timeout).count())
         << "\non-failure = " << to_string(hook.on_failure)
         << "\noutput-cap = " << hook.output_cap_bytes << "\n";
  }
  return text.str();
}

}  // namespace trexsearch::service
