#include "daemon/cli/command/command_help.hpp"

#include <sstream>

namespace trexsearch::cli {

boost::program_options::options_description no_options() {
  return boost::program_options::options_description("Options");
}

std::string command_help(const CommandEntry& entry) {
  std::ostringstream text;
  text << "Usage: " << entry.usage << "\n\n" << entry.description << "\n\n";
  const auto options = entry.options();
  if (!options.options().empty()) text << options << "\n";
  if (entry.run == nullptr) text << client_options() << "\n";
  text << (entry.exit_codes.empty() ? kClientExitCodes : entry.exit_codes);
  return text.str();
}

}  // namespace trexsearch::cli
