#pragma once

#include <string>

namespace trexsearch::cli {

/// The whole content of `path`, or of stdin when `path` is "-"; throws BadInputError
/// naming the file and the reason when it cannot be read.
std::string read_input_file(const std::string& path);

/// The name to use for `path` in messages ("stdin" for "-").
std::string input_name(const std::string& path);

}  // namespace trexsearch::cli
