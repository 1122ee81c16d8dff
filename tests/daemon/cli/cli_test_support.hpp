#pragma once

#include <json/value.h>

#include <string>
#include <vector>

#include "tests/daemon/support/test_support.hpp"
#include "tests/support/build_paths.hpp"

namespace trexsearch::test {

/// The trex-search executable under test.
inline const std::string kTrexSearch = trexsearch::testing::build_paths::search_bin();
/// docs/examples, whose files the tests use as documented inputs.
inline const std::string kExamples = trexsearch::testing::build_paths::source_file("docs/examples");

/// Runs `trex-search ARGS...` with `stdin_text` on stdin.
inline ProcessResult run_cli(std::vector<std::string> args, const TempDir& dir,
                             const std::string& stdin_text = "") {
  args.insert(args.begin(), kTrexSearch);
  return run_process(args, stdin_text, dir);
}

/// Parses a command's stdout (fails the test with the text when it is not JSON).
Json::Value parse_output(const std::string& out);

/// A --measurer-cmd for a sharp SUT forwarding `sut_pps` behind a tester that sends
/// at most `tester_pps` (one direction): above that, replies say so with
/// tester_limited_pps and a "tester_limited: ..." note. A python script in `dir`.
std::string capped_sut_measurer(const TempDir& dir, double sut_pps, double tester_pps);

}  // namespace trexsearch::test
