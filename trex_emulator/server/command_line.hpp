#pragma once

#include <optional>
#include <ostream>

#include "trex_emulator/model/emulator_options.hpp"

namespace trexsearch::trex::emu {

/// The parsed command line: options to serve with, or an exit code (help, errors).
struct CommandLine {
  EmulatorOptions options;
  std::optional<int> exit_code;
};

/// Parses trex-emulator's options (see --help). Usage errors and invalid values are
/// reported on `err` naming the option, with exit code 2.
CommandLine parse_command_line(int argc, char** argv, std::ostream& out, std::ostream& err);

}  // namespace trexsearch::trex::emu
