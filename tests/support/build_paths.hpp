#pragma once

#include <string>
#include <string_view>

/// Where this build's checkout and programs are, for the tests that read docs and
/// example files or spawn trex-searchd, trex-search and trex-emulator.
///
/// The absolute paths are compiled into build_paths.cpp alone: a path in a compile
/// command makes that object differ per checkout, so keeping them out of every other
/// test's command lets the compiler cache reuse those objects between checkouts of the
/// same machine (docs/ci.md "Compiler cache").
namespace trexsearch::testing::build_paths {

/// The checkout's root directory.
const std::string& source_dir();
/// `relative` (e.g. "etc/profiles/x.json") under the checkout's root.
std::string source_file(std::string_view relative);

const std::string& searchd_bin();        ///< trex-searchd
const std::string& search_bin();         ///< trex-search
const std::string& emulator_bin();       ///< trex-emulator
const std::string& fake_measurer_bin();  ///< tests/daemon/support's fake external measurer

}  // namespace trexsearch::testing::build_paths
