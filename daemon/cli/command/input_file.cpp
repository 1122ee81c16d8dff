#include "daemon/cli/command/input_file.hpp"

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "daemon/cli/command/command_errors.hpp"

namespace trexsearch::cli {
namespace {

// Inputs are a few MB at most (a day of recorded trials); refusing more keeps a
// wrong path (a disk image, /dev/zero) from eating memory.
constexpr std::size_t kMaxInputBytes = std::size_t{256} << 20;

std::string read_stream(std::istream& in, const std::string& name) {
  std::string text;
  std::array<char, 65536> chunk{};
  while (in.read(chunk.data(), chunk.size()) || in.gcount() > 0) {
    text.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxInputBytes) {
      throw BadInputError("cannot read " + name + ": larger than " +
                          std::to_string(kMaxInputBytes >> 20) + " MiB");
    }
  }
  if (in.bad()) throw BadInputError("cannot read " + name + ": read error");
  return text;
}

}  // namespace

std::string input_name(const std::string& path) { return path == "-" ? "stdin" : path; }

std::string read_input_file(const std::string& path) {
  if (path == "-") return read_stream(std::cin, "stdin");
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throw BadInputError("cannot read " + path + ": is a directory");
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    throw BadInputError("cannot open " + path + ": " + std::strerror(errno));
  }
  return read_stream(file, path);
}

}  // namespace trexsearch::cli
