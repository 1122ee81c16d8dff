#include "daemon/cli/command/global_options.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

using trexsearch::cli::global_options_after_command;
using Args = std::vector<std::string>;
namespace po = boost::program_options;

/// The shape of client_options(): a value option with a default, one without, a
/// flag and --help.
po::options_description shared() {
  po::options_description options("Connection");
  options.add_options()("socket", po::value<std::string>(), "socket")(
      "timeout", po::value<double>()->default_value(30.0), "timeout")("json", "json")("help,h",
                                                                                      "help");
  return options;
}

}  // namespace

TEST_CASE("shared options before the command are moved after it, in their order") {
  struct Case {
    Args given;
    Args expected;
  };
  const std::vector<Case> cases{
      {{"--socket", "S", "status"}, {"status", "--socket", "S"}},
      {{"--socket=S", "status", "--json"}, {"status", "--socket=S", "--json"}},
      {{"--json", "--timeout", "5", "--socket", "S", "show", "1"},
       {"show", "--json", "--timeout", "5", "--socket", "S", "1"}},
      {{"--timeout=5", "list", "--limit", "3"}, {"list", "--timeout=5", "--limit", "3"}},
  };
  for (const Case& item : cases) {
    CAPTURE(item.given.front());
    CHECK(global_options_after_command(item.given, shared()) == item.expected);
  }
}

TEST_CASE("arguments stay as they are when no shared option leads or no command follows") {
  const std::vector<Args> unchanged{
      {},
      {"status", "--socket", "S"},
      {"--help", "status"},
      {"-h", "status"},
      {"--version"},
      {"--socket", "S"},
      {"--socket"},
      {"--json"},
      {"--limit", "3", "list"},
      {"--sock", "S", "status"},
      {"--", "status"},
  };
  for (const Args& args : unchanged) {
    CAPTURE(args.size());
    CHECK(global_options_after_command(args, shared()) == args);
  }
}

TEST_CASE("a shared option's value is taken as its value even when it names a command") {
  CHECK(global_options_after_command({"--socket", "status", "list"}, shared()) ==
        Args{"list", "--socket", "status"});
}
