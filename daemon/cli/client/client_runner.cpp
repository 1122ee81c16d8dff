#include "daemon/cli/client/client_runner.hpp"

#include <ostream>

#include "daemon/cli/command/client_connection.hpp"
#include "daemon/cli/command/command_help.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

po::variables_map parse_entry_args(const CommandEntry& entry,
                                   const std::vector<std::string>& args) {
  const ClientCommand& client = entry.client;
  po::options_description all;
  all.add(entry.options());
  if (client.hidden_options != nullptr) all.add(client.hidden_options());
  all.add(client_options());
  if (client.operand_count < 0) {
    all.add_options()(client.operand, po::value<std::vector<std::string>>(), "");
  } else {
    all.add_options()(client.operand, po::value<std::string>(), "");
  }
  po::positional_options_description positional;
  if (client.operand_count != 0) positional.add(client.operand, client.operand_count);
  po::variables_map options;
  po::store(po::command_line_parser(args).options(all).positional(positional).run(), options);
  po::notify(options);
  return options;
}

int run_parsed(const CommandEntry& entry, const std::vector<std::string>& args, std::ostream& out,
               std::ostream& err) {
  const po::variables_map options = parse_entry_args(entry, args);
  if (options.count("help") != 0) {
    out << command_help(entry);
    return 0;
  }
  const ClientSettings settings = client_settings(options);
  const ClientCall call{options, settings, out, err};
  const ClientCommand& client = entry.client;
  if (client.body != nullptr) return client.body(call);
  const ClientRequest request = client.request(options);
  ControlConnection connection(settings.socket, settings.timeout);
  return client.print(request, connection.exchange(request.command, request.arguments), call);
}

}  // namespace

int run_client_entry(const CommandEntry& entry, const std::vector<std::string>& args,
                     std::ostream& out, std::ostream& err) {
  const auto body = [&] { return run_parsed(entry, args, out, err); };
  if (!entry.client.json_errors) return run_client_command(body, err);
  return run_client_command(args, out, err, body);
}

}  // namespace trexsearch::cli
