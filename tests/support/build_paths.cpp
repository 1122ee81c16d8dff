#include "tests/support/build_paths.hpp"

// The definitions come from tests/CMakeLists.txt (trex_search_build_paths), for this
// file only.
namespace trexsearch::testing::build_paths {

const std::string& source_dir() {
  static const std::string dir = TREX_SEARCH_SOURCE_DIR;
  return dir;
}

std::string source_file(std::string_view relative) {
  return source_dir() + "/" + std::string(relative);
}

const std::string& searchd_bin() {
  static const std::string path = TREX_SEARCHD_BIN;
  return path;
}

const std::string& search_bin() {
  static const std::string path = TREX_SEARCH_BIN;
  return path;
}

const std::string& emulator_bin() {
  static const std::string path = TREX_EMULATOR_BIN;
  return path;
}

const std::string& fake_measurer_bin() {
  static const std::string path = FAKE_MEASURER_BIN;
  return path;
}

}  // namespace trexsearch::testing::build_paths
