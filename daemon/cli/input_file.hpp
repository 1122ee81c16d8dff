#pragma once

#include <json/value.h>

#include <string>

#include "daemon/cli/command_errors.hpp"
#include "daemon/codec/strict_json.hpp"
#include "measure/errors.hpp"

namespace trexsearch::cli {

/// The whole content of `path`, or of stdin when `path` is "-"; throws BadInputError
/// naming the file and the reason when it cannot be read.
std::string read_input_file(const std::string& path);

/// The name to use for `path` in messages ("stdin" for "-").
std::string input_name(const std::string& path);

/// Reads and strictly parses the JSON file at `path`, then decodes it with `decode`
/// (a codec function taking the Json::Value). Errors name the file: "spec.json:3:7: ..."
/// for syntax, "spec.json: goals[1].exceed_ratio = 1.5: ..." for values.
template <typename Decode>
auto decode_json_file(const std::string& path, Decode decode) {
  const std::string name = input_name(path);
  const Json::Value json = codec::parse_strict_json(read_input_file(path), name);
  try {
    return decode(json);
  } catch (const measure::ConfigError& error) {
    throw BadInputError(name + ": " + error.what());
  }
}

}  // namespace trexsearch::cli
