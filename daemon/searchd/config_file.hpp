#pragma once

#include <boost/program_options.hpp>

#include <string>
#include <utility>
#include <vector>

namespace trexsearch::service {

/// Reads the config file `file` into `vm` (after the command line: values already set
/// there win), and returns its [testbed.NAME] and [hook.NAME] sections' settings
/// ("testbed.NAME.KEY", VALUE) in file order, which are not options of their own
/// (testbed_settings.hpp, hook_settings.hpp).
/// Throws OptionsError naming the file: unreadable, a syntax error, an unknown key.
std::vector<std::pair<std::string, std::string>> read_config_file(
    const std::string& file, const boost::program_options::options_description& settings,
    boost::program_options::variables_map& vm);

struct DaemonOptions;

/// The sections' settings (read_config_file) into `options`: [testbed.NAME] into
/// its testbeds (or the one made of trex-endpoint), [hook.NAME] into its hooks.
/// Throws ConfigError naming the key, or OptionsError naming `file` when a testbed
/// allows a hook no section defines.
void apply_config_sections(const std::vector<std::pair<std::string, std::string>>& sections,
                           const std::string& file, DaemonOptions& options);

/// The testbeds and hooks as the config sections that give them (--check-config).
std::string describe_config_sections(const DaemonOptions& options);

}  // namespace trexsearch::service
