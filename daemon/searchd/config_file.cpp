#include "daemon/searchd/config_file.hpp"

#include <fstream>

#include "daemon/searchd/options.hpp"

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

}  // namespace trexsearch::service
