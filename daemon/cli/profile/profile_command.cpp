// `trex-search profile check [--counters port] FILE`: compiles a traffic profile here,
// as the daemon would at submission, and prints what each direction will send.
#include <boost/program_options.hpp>
#include <ostream>

#include "daemon/cli/client/profile_file.hpp"
#include "daemon/cli/command/command_entries.hpp"
#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/command/command_help.hpp"
#include "daemon/cli/command/exit_codes.hpp"
#include "daemon/cli/profile/profile_text.hpp"
#include "trex_client/codec/profile_codec.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

po::options_description visible_options() {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
      ("counters", po::value<std::string>()->default_value("flow_stats"),
       "the counters the job's measurer will use: flow_stats or port")
      ("help,h", "print this help");
  // clang-format on
  return options;
}

trex::CounterSource counters_of(const std::string& text) {
  if (text == "flow_stats") return trex::CounterSource::flow_stats;
  if (text == "port") return trex::CounterSource::port;
  throw UsageError("--counters \"" + text + "\": must be flow_stats or port");
}

int run_profile_command(const std::vector<std::string>& args, std::ostream& out,
                        std::ostream& err) {
  return run_reporting_errors(
      [&] {
        po::options_description all = visible_options();
        all.add_options()("action", po::value<std::string>(), "check")(
            "file", po::value<std::string>(), "profile file");
        po::positional_options_description positional;
        positional.add("action", 1).add("file", 1);
        po::variables_map options;
        po::store(po::command_line_parser(args).options(all).positional(positional).run(), options);
        po::notify(options);
        if (options.count("help") != 0) {
          out << command_help(kProfileCommand);
          return static_cast<int>(kExitOk);
        }
        if (options.count("action") == 0 || options["action"].as<std::string>() != "check") {
          throw UsageError("profile needs an action: trex-search profile check FILE");
        }
        if (options.count("file") == 0) throw UsageError("profile check needs a FILE");
        const std::string path = options["file"].as<std::string>();
        const trex::TrafficProfile profile =
            trex::parse_profile(read_profile_file(path), profile_source_of(path));
        const trex::ProfileSummary summary = trex::summarize_profile(
            profile, counters_of(options["counters"].as<std::string>()));
        out << format_profile_summary(summary, path);
        out.flush();
        if (!out) throw std::runtime_error("cannot write the summary to stdout");
        return static_cast<int>(kExitOk);
      },
      err);
}

}  // namespace

constinit const CommandEntry kProfileCommand{
    .name = "profile",
    .summary = "check a traffic profile: what each direction will send",
    .usage = "trex-search profile check [--counters flow_stats|port] FILE",
    .description =
        "Reads and compiles the traffic profile FILE here, as trex-searchd does at\n"
        "submission (every refusal names the field and the value), and prints per\n"
        "direction each stream's frame size, its share of the port's packets, the L1\n"
        "bits a frame takes, what its field engine varies and over how many values,\n"
        "the counters a trial will use and the mean frame size that loads in % of line\n"
        "rate and bit rates use. Works for the profile language and for TRex streams\n"
        "(docs/traffic-profiles.md). Talks to no daemon and no TRex.",
    .options = visible_options,
    .exit_codes = "Exit codes: 0 ok, 1 runtime failure, 2 bad usage or an invalid profile.\n",
    .run = run_profile_command,
};

}  // namespace trexsearch::cli
