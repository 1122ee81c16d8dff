#include "daemon/cli/command/global_options.hpp"

#include <cstddef>

namespace trexsearch::cli {
namespace {

/// How many arguments the shared option at `args[at]` takes up (itself and its
/// value); 0 when it is not a shared option or its value is missing.
std::size_t shared_option_length(const std::vector<std::string>& args, std::size_t at,
                                 const boost::program_options::options_description& shared) {
  const std::string& arg = args[at];
  if (!arg.starts_with("--") || arg.size() == 2) return 0;
  const std::size_t equals = arg.find('=');
  const std::string name = arg.substr(2, equals == std::string::npos ? equals : equals - 2);
  const auto* option = shared.find_nothrow(name, false);
  if (option == nullptr || name == "help") return 0;
  const bool takes_value = option->semantic()->max_tokens() > 0;
  if (!takes_value || equals != std::string::npos) return 1;
  return at + 1 < args.size() ? 2 : 0;
}

}  // namespace

std::vector<std::string> global_options_after_command(
    std::vector<std::string> args, const boost::program_options::options_description& shared) {
  std::size_t at = 0;
  while (at < args.size()) {
    const std::size_t length = shared_option_length(args, at, shared);
    if (length == 0) break;
    at += length;
  }
  if (at == 0 || at == args.size()) return args;
  const auto command = args.begin() + static_cast<std::ptrdiff_t>(at);
  std::vector<std::string> reordered{*command};
  reordered.insert(reordered.end(), args.begin(), command);
  reordered.insert(reordered.end(), command + 1, args.end());
  return reordered;
}

}  // namespace trexsearch::cli
