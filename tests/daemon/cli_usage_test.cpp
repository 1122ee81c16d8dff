#include <doctest/doctest.h>

#include "tests/daemon/cli_test_support.hpp"

using namespace trexsearch::test;

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

TEST_CASE("help COMMAND and COMMAND --help print the same text") {
  const TempDir dir;
  for (const std::string command : {"analyze", "simulate"}) {
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
