#pragma once

#include <boost/program_options.hpp>

#include <string>
#include <utility>
#include <vector>

namespace trexsearch::service {

/// Reads the config file `file` into `vm` (after the command line: values already set
/// there win), and returns its [testbed.NAME] sections' settings ("testbed.NAME.KEY",
/// VALUE) in file order, which are not options of their own (testbed_settings.hpp).
/// Throws OptionsError naming the file: unreadable, a syntax error, an unknown key.
std::vector<std::pair<std::string, std::string>> read_config_file(
    const std::string& file, const boost::program_options::options_description& settings,
    boost::program_options::variables_map& vm);

}  // namespace trexsearch::service
