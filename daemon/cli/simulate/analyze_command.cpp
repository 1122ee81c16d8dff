// `trex-search analyze [--table] FILE`: re-analyses recorded trials against goals
// (draft-06 Appendix A and B) and prints the per-goal results.
#include <boost/program_options.hpp>
#include <ostream>

#include "daemon/cli/command/command_entries.hpp"
#include "daemon/cli/command/command_errors.hpp"
#include "daemon/cli/command/command_help.hpp"
#include "daemon/cli/command/exit_codes.hpp"
#include "daemon/cli/command/input_file.hpp"
#include "daemon/cli/command/json_file_codec.hpp"
#include "daemon/cli/text/goal_table.hpp"
#include "daemon/codec/analyze_input_codec.hpp"
#include "daemon/codec/goal_result_codec.hpp"
#include "daemon/codec/json_writer.hpp"
#include "search/trial_analysis.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

po::options_description visible_options() {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
      ("table", "print a table for humans instead of JSON")
      ("help,h", "print this help");
  // clang-format on
  return options;
}

int run_analyze_command(const std::vector<std::string>& args, std::ostream& out,
                        std::ostream& err) {
  return run_reporting_errors(
      [&] {
        po::options_description all = visible_options();
        all.add_options()("file", po::value<std::string>(), "input file");
        po::positional_options_description positional;
        positional.add("file", 1);
        po::variables_map options;
        po::store(po::command_line_parser(args).options(all).positional(positional).run(), options);
        po::notify(options);
        if (options.count("help") != 0) {
          out << command_help(kAnalyzeCommand);
          return static_cast<int>(kExitOk);
        }
        if (options.count("file") == 0) throw UsageError("analyze needs a FILE (or - for stdin)");

        const auto input =
            decode_json_file(options["file"].as<std::string>(), codec::decode_analyze_input);
        const auto results = mlr::analyze_trials(input.goals, input.trials, input.limits);
        if (options.count("table") != 0) {
          out << format_goal_table(results);
        } else {
          out << codec::to_pretty_json(codec::encode_goal_results(results)) << "\n";
        }
        out.flush();
        if (!out) throw std::runtime_error("cannot write the result to stdout");
        return static_cast<int>(kExitOk);
      },
      err);
}

}  // namespace

constinit const CommandEntry kAnalyzeCommand{
    .name = "analyze",
    .summary = "re-analyse recorded trials against (other) goals",
    .usage = "trex-search analyze [--table] FILE",
    .description =
        "Classifies every measured load of recorded trials for each goal (draft-06\n"
        "Appendix A), finds the relevant bounds and the conditional throughput\n"
        "(Appendix B), and prints one result per goal, in input order, as JSON.\n"
        "\n"
        "FILE is {\"goals\": [...], \"trials\": [...]} (\"-\" reads stdin); each trial has\n"
        "load, intended_duration, optional effective_duration, and either loss_ratio\n"
        "or offered_count + loss_count (+ optional intended_count). See docs/cli.md.",
    .options = visible_options,
    .exit_codes = "Exit codes: 0 ok, 1 runtime failure, 2 bad usage or bad input.\n",
    .run = run_analyze_command,
};

}  // namespace trexsearch::cli
