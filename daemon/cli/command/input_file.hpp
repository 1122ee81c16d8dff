#pragma once

#include <string>

#include "daemon/cli/command/command_errors.hpp"
#include "daemon/codec/strict_json.hpp"
#include "measure/errors.hpp"

namespace trexsearch::cli {

/// The whole content of `path`, or of stdin when `path` is "-"; throws BadInputError
/// naming the file and the reason when it cannot be read.
std::string read_input_file(const std::string& path);

/// The name to use for `path` in messages ("stdin" for "-").
std::string input_name(const std::string& path);

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
