#include <doctest/doctest.h>

#include <sstream>

#include "tests/daemon/cli/cli_test_support.hpp"
#include "tests/support/build_paths.hpp"

using namespace trexsearch::test;

namespace {

/// The command names `trex-search --help` lists.
std::vector<std::string> listed_commands(const TempDir& dir) {
  std::istringstream overview(run_cli({"--help"}, dir).out);
  std::vector<std::string> names;
  bool in_commands = false;
  for (std::string line; std::getline(overview, line);) {
    if (line == "Commands:") {
      in_commands = true;
    } else if (in_commands && line.starts_with("  ")) {
      names.push_back(line.substr(2, line.find(' ', 2) - 2));
    } else if (in_commands) {
      break;
    }
  }
  return names;
}

}  // namespace

TEST_CASE("--help lists the subcommands") {
  const TempDir dir;
  const auto result = run_cli({"--help"}, dir);
  CHECK(result.exit_code == 0);
  CHECK(result.out.find("analyze") != std::string::npos);
  CHECK(result.out.find("simulate") != std::string::npos);
  CHECK(result.err.empty());
}

TEST_CASE("--version prints the project version") {
  const TempDir dir;
  const auto result = run_cli({"--version"}, dir);
  CHECK(result.exit_code == 0);
  CHECK(result.out.find("trex-search 0.") == 0);
}

TEST_CASE("help COMMAND and COMMAND --help print the same text, for every listed command") {
  const TempDir dir;
  const std::vector<std::string> commands = listed_commands(dir);
  CHECK(commands.size() == 16);
  for (const std::string& command : commands) {
    CAPTURE(command);
    const auto help = run_cli({"help", command}, dir);
    const auto flag = run_cli({command, "--help"}, dir);
    CHECK(help.exit_code == 0);
    CHECK(flag.exit_code == 0);
    CHECK(help.out == flag.out);
    CHECK(help.out.find("Usage: trex-search " + command) == 0);
    CHECK(help.out.find("Exit codes") != std::string::npos);
  }
}

TEST_CASE("no command, an unknown command or unknown help topic is a usage error") {
  const TempDir dir;
  for (const auto& args : std::vector<std::vector<std::string>>{{}, {"analyse"}, {"help", "x"}}) {
    const auto result = run_cli(args, dir);
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(result.err.find("trex-search: error: ") == 0);
  }
  CHECK(run_cli({"analyse"}, dir).err.find("unknown command 'analyse'") != std::string::npos);
}

TEST_CASE("simulate --list-suts lists the built-in models with their options") {
  const TempDir dir;
  const auto result = run_cli({"simulate", "--list-suts"}, dir);
  CHECK(result.exit_code == 0);
  CHECK(result.out.find("sharp: ") == 0);
  CHECK(result.out.find("  capacity_pps = ") != std::string::npos);
  CHECK(result.out.find("noisy: ") != std::string::npos);
}

TEST_CASE("docs/cli.md holds the command reference the help texts are made from") {
  const TempDir dir;
  const auto reference = run_cli({"help", "--markdown"}, dir);
  REQUIRE(reference.exit_code == 0);
  for (const std::string& command : listed_commands(dir)) {
    CAPTURE(command);
    CHECK(reference.out.find("### `trex-search " + command + "`") != std::string::npos);
  }
  const std::string docs = read_file(trexsearch::testing::build_paths::source_file("docs/cli.md"));
  INFO("docs/cli.md is out of date: run scripts/dev/update-cli-reference.sh");
  CHECK(docs.find(reference.out) != std::string::npos);
}
