#pragma once

#include <string>

#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/command/input_file.hpp"
#include "daemon/codec/strict_json.hpp"
#include "measure/errors.hpp"

namespace trexsearch::cli {

/// Reads the JSON file at `path` and hands it to `decode`, a codec function (it
/// goes from the strict parser to the decoder without the CLI looking inside).
/// Errors name the file: "spec.json:3:7: ..." for syntax, "spec.json:
/// goals[1].exceed_ratio = 1.5: ..." for values.
template <typename Decode>
auto decode_json_file(const std::string& path, Decode decode) {
  const std::string name = input_name(path);
  const std::string text = read_input_file(path);
  try {
    // A syntax error is no ConfigError: it passes with its own position.
    return decode(codec::parse_strict_json(text, name));
  } catch (const measure::ConfigError& error) {
    throw BadInputError(name + ": " + error.what());
  }
}

}  // namespace trexsearch::cli
